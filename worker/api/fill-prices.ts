import type { Context } from 'hono'
import type { AppEnv } from '../env'
import { logJobError } from '../errors/log'
import { fillHistory, type HistoryTarget } from '../quotes/fill-history'

/**
 * How long a write waits for the prices it asked for before it answers: a listed instrument's
 * history is one request, so the screens that follow show it; a slower provider goes on after.
 */
export const FILL_WAIT_MS = 8_000

/** The request's execution context; Hono throws when the runtime gave none. */
function executionContext(c: Context<AppEnv>): Context<AppEnv>['executionCtx'] | null {
  try {
    return c.executionCtx
  } catch {
    return null
  }
}

/**
 * After a write that adds instruments or earlier days to someone's holdings (committed, so the
 * prices' instrument exists), fetches the closes they are missing back to those days. The answer
 * waits up to {@link FILL_WAIT_MS}; the fetch goes on after it if it takes longer. A failure is
 * logged and never fails the write: the night's run asks again.
 */
export async function fillPricesSoon(
  c: Context<AppEnv>,
  targets: readonly HistoryTarget[],
): Promise<void> {
  if (targets.length === 0) return
  const work = fillHistory(c.env, targets, new Date()).catch((error: unknown) => {
    logJobError('quotes-fill', error, { instruments: targets.length })
  })
  const context = executionContext(c)
  // Without one (the app called directly, as tests do), the answer waits for the whole fetch.
  if (context === null) {
    await work
    return
  }
  context.waitUntil(work)
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FILL_WAIT_MS)
  })
  await Promise.race([work, waited])
  clearTimeout(timer)
}
