import type { Context } from 'hono'
import { apiErrorSchema } from '../../shared/api/schemas'
import {
  collectApiSnapshot,
  type ApiAnswer,
  type CollectedSnapshot,
} from '../../client/app/api-snapshot'
import type { PageScreen } from '../../client/app/app-state'
import type { SessionView } from '../../shared/auth/viewer'
import { preloadApiGets } from '../api'
import { API_ERROR_STATUS } from '../api/api-problem'
import type { AppEnv } from '../env'

/** The preload answers with the API's bodies; an error body carries the code of its status. */
function answerOf(body: unknown): ApiAnswer {
  const error = apiErrorSchema.safeParse(body)
  if (!error.success) return { status: 200, body }
  const { code } = error.data.error
  // Engine refusals have codes of their own, answered 422 by the API.
  const status = Object.hasOwn(API_ERROR_STATUS, code)
    ? API_ERROR_STATUS[code as keyof typeof API_ERROR_STATUS]
    : 422
  return { status, body }
}

async function readAnswers(
  c: Context<AppEnv>,
  paths: string[],
): Promise<Record<string, ApiAnswer>> {
  // Without its data a private screen is no screen: an outage answers 503, as the API does.
  const bodies = await preloadApiGets(c, paths, 'throw')
  return Object.fromEntries(Object.entries(bodies).map(([path, body]) => [path, answerOf(body)]))
}

/**
 * Reads the API answers a private screen shows, for a viewer the private gate lets through
 * (signed in, second step done): the page then streams with the user's figures and the browser
 * hydrates from the same answers. Anyone else gets no snapshot, and the gate renders instead.
 */
export async function readPageApi(
  c: Context<AppEnv>,
  screen: PageScreen,
  session: SessionView,
): Promise<CollectedSnapshot | null> {
  const { viewer } = session
  if (!screen.page.apiGets || viewer.status !== 'signed-in' || !viewer.user) return null
  if (viewer.mfaRequired) return null
  return collectApiSnapshot(
    screen.page.apiGets,
    screen.match,
    (paths) => readAnswers(c, paths),
    Date.now(),
  )
}
