// Printed commands are meant to be pasted into a shell: a path holding spaces or quotes is quoted.

/** `word` as a POSIX shell reads it back: as is when it holds only plain path characters, else single-quoted. */
export function shellWord(word: string): string {
  return /^[\w./@%+=:,-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
