// The policy of a connection with `retries: { max: 0 }`: each request sent once, for the driver's
// tests whose subject isn't retrying.
import type { RetryPolicy } from "../../src/ai/retry-policy.ts";

export const NO_RETRIES: RetryPolicy = { max: 0, backoffMs: 1000, timeoutMs: 30_000 };
