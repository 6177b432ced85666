// Who may call the app's actions (docs/production.md): a request carrying the server's token as
// `Authorization: Bearer <token>`. The comparison takes the same time whatever the request sent,
// so timing tells nothing about the token; `--no-auth` is for a loopback address only.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** The environment variable the token is read from. */
export const TOKEN_VARIABLE = "JADPO_SERVE_TOKEN";

/** The addresses `--no-auth` may serve on: only this machine can reach them. */
export const LOOPBACK_HOSTS = ["127.0.0.1", "::1", "localhost"] as const;

export function isLoopback(host: string): boolean {
  return (LOOPBACK_HOSTS as readonly string[]).includes(host.toLowerCase());
}

/** Equal-length digests, compared in constant time: the lengths of the texts are not told either. */
function sameSecret(given: string, token: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** Whether `req` carries `token` as its bearer token. A null token lets every request in (`--no-auth`). */
export function authorized(req: IncomingMessage, token: string | null): boolean {
  if (token === null) return true;
  const header = req.headers.authorization ?? "";
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  // The comparison runs whether or not the header had the form, so its absence isn't timed apart.
  const ok = sameSecret(match?.[1] ?? "", token);
  return match !== null && ok;
}
