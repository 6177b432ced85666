// A port on 127.0.0.1 that refuses every connection, for tests of a model that can't be reached.
// Port 0 can never be connected to (the system answers ECONNREFUSED at once), unlike a port taken
// from the system and released, which another test's server may be given meanwhile.
export async function closedPort(): Promise<number> {
  return 0;
}
