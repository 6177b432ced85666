// A driver's request sent again after a transport failure, by the connection's one retry policy
// (ai/retry-policy.ts — the fake retries by it too) on the real clock: each wait a timer, cut short
// by the request's abort signal. What each retry followed and waited is kept with the result, for
// `jadpo dev`'s call log.
import { realClock, sendWithRetries, type RetryPolicy } from "../ai/retry-policy.ts";
import type { DriverFailure, DriverRetry, RequestOptions } from "./types.ts";

/** Whether a send's result is the driver's failure rather than its answer. */
export function isFailure<T extends object>(result: T | DriverFailure): result is DriverFailure {
  return "ok" in result && result.ok === false && "message" in result;
}

function retryOf(failed: DriverFailure, waitMs: number): DriverRetry {
  return {
    ...(failed.status === undefined ? {} : { status: failed.status }),
    ...(failed.cause === undefined ? {} : { cause: failed.cause }),
    waitMs,
  };
}

/**
 * `send` until it answers, fails otherwise, or its retries run out — then the last failure stands
 * (its word already what it surfaces as). A send that failed in transport is sent again after the
 * policy's wait, unless the signal has aborted (`stopped()` is the result) or `beforeRetry` says no.
 */
export async function sendRetried<T extends object>(
  send: () => Promise<T | DriverFailure>,
  policy: RetryPolicy,
  options: RequestOptions,
  stopped: () => DriverFailure,
): Promise<{ result: T | DriverFailure; retries: DriverRetry[] }> {
  const retries: DriverRetry[] = [];
  let last: DriverFailure | null = null;
  const outcome = await sendWithRetries<{ result: T | DriverFailure }>(
    async (retry) => {
      if (retry > 0 && last !== null) {
        const failed: DriverFailure = last;
        const aborted = options.signal?.aborted === true;
        if (aborted || (options.beforeRetry !== undefined && !(await options.beforeRetry(failed)))) {
          retries.pop(); // waited for, but never sent: not a retry
          return { result: aborted ? stopped() : failed };
        }
      }
      const result = await send();
      if (isFailure(result) && result.transport !== undefined) {
        last = result;
        return { transport: result.transport };
      }
      return { result };
    },
    realClock(options.signal),
    policy,
    (_n, waitMs) => {
      retries.push(retryOf(last!, waitMs));
      options.onRetryWait?.();
    },
  );
  return { result: outcome.ok ? outcome.reply.result : last!, retries };
}
