// The HTTP status of each failure kind, as `jadpo dev` and `jadpo serve` answer an action's failure
// (docs/dev.md).
import type { FailureKind } from "@jadpo/compiler";

export const STATUS_OF_KIND: Record<FailureKind, number> = {
  InvalidRequest: 400,
  InvalidValue: 422,
  NotFound: 404,
  Conflict: 409,
  Rejected: 422,
  RateLimited: 429,
  Unavailable: 503,
  TimedOut: 504,
  InternalFault: 500,
};
