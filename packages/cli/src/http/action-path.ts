// `/actions/<name>`: the one path both servers run actions at.

/** The action a path names (percent-decoded when it decodes), or null when it names none. */
export function actionNameOf(path: string): string | null {
  const named = /^\/actions\/([^/]+)\/?$/.exec(path);
  if (named === null) return null;
  try {
    return decodeURIComponent(named[1]);
  } catch {
    return named[1];
  }
}
