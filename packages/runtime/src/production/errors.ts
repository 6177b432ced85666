// The two errors a built app's actions reject with (docs/production.md); an action's own failure is
// never one of them: it comes back as a value (`{ ok: false, failure }`).

/** The input doesn't decode as the action's parameters: `rule` and `path` as a decode error says them. */
export class JadpoInputError extends Error {
  override readonly name = "JadpoInputError" as const;
  constructor(readonly rule: string, readonly path: string, message: string) {
    super(message);
  }
}

/**
 * Something went wrong that no failure of the action stands for: a runtime fault (with its source
 * location), a model that answered with an error no AI failure covers (a wrong key or model), a
 * setting the environment lacks when the app is created, or an app already closed.
 */
export class JadpoFault extends Error {
  override readonly name = "JadpoFault" as const;
}
