import type { Context } from 'hono'

/** One JSON line per error with the request id the visitor sees, so a report can be traced. */
export function logError(c: Context, error: unknown, where: string): void {
  const err = error instanceof Error ? error : new Error(String(error))
  console.error(
    JSON.stringify({
      level: 'error',
      where,
      requestId: c.get('requestId'),
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      message: err.message,
      stack: err.stack,
    }),
  )
}

/** One JSON line per error of a job that runs without a request (a Cron Trigger, say). */
export function logJobError(
  job: string,
  error: unknown,
  details: Record<string, unknown> = {},
): void {
  const err = error instanceof Error ? error : new Error(String(error))
  console.error(
    JSON.stringify({
      level: 'error',
      where: job,
      ...details,
      message: err.message,
      stack: err.stack,
    }),
  )
}
