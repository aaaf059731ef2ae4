import { OpenAPIHono } from '@hono/zod-openapi'
import {
  instrumentSchema,
  lookupAddSchema,
  lookupListSchema,
  lookupQuerySchema,
} from '../../../shared/api/schemas'
import type { AppEnv } from '../../env'
import { addDays } from '../../fx/fx-dates'
import { lookUpInstruments, lookUpSymbol } from '../../lookup/lookup-instruments'
import { storeLookedUp } from '../../lookup/lookup-store'
import { QuoteError } from '../../quotes/quote-error'
import { BACKFILL_DAYS } from '../../quotes/refresh-quotes'
import { asCaller } from '../api-database'
import { ApiProblem } from '../api-problem'
import { API_RATE_BUDGETS, routeRateLimit } from '../api-rate-limit'
import { fillPricesSoon } from '../fill-prices'
import { visibleInstrument } from '../store/instrument-store'
import { errorResponses, json, jsonBody } from './openapi-shapes'
import { privateRoute } from './private-route'

const tags = ['Instruments']

const budget = `At most ${API_RATE_BUDGETS.lookup.limit} lookups a minute per caller, both routes together.`

export const lookupInstrumentsRoute = privateRoute(
  {
    method: 'get',
    path: '/instruments/lookup',
    tags,
    summary: 'Look an instrument the catalog lacks up at the price services',
    description: `Asks Yahoo Finance (shares, ETFs, funds) and CoinGecko (crypto) what they list under a code, a name or an ISIN. ${budget}`,
    request: { query: lookupQuerySchema },
    responses: {
      200: json(lookupListSchema, 'Yahoo Finance’s lines first, then CoinGecko’s coins'),
      ...errorResponses(400, 401, 502, 503),
    },
  },
  routeRateLimit(API_RATE_BUDGETS.lookup),
)

export const addLookedUpRoute = privateRoute(
  {
    method: 'post',
    path: '/instruments/lookup',
    tags,
    summary: 'Add an instrument a price service lists to the shared catalog, or find it there',
    description: `The service is asked again for the symbol; its answer, not the request, gives the name, type, currency and exchange. The last year of prices is fetched at once. ${budget}`,
    request: { body: jsonBody(lookupAddSchema) },
    responses: {
      200: json(instrumentSchema, 'Already in the catalog'),
      201: json(instrumentSchema, 'Added to the catalog'),
      ...errorResponses(400, 401, 404, 409, 413, 415, 422, 502, 503),
    },
  },
  routeRateLimit(API_RATE_BUDGETS.lookup),
)

/** A service that failed, said plainly: the caller may try again later. */
function unavailable(error: unknown): never {
  if (error instanceof QuoteError) throw new ApiProblem('lookup_unavailable')
  throw error
}

/** Looking instruments up at the price services, relative to /api. */
export const instrumentLookupRoutes = new OpenAPIHono<AppEnv>()
  .openapi(lookupInstrumentsRoute, async (c) => {
    const { q } = c.req.valid('query')
    return c.json(await lookUpInstruments(c.env, q).catch(unavailable), 200)
  })
  .openapi(addLookedUpRoute, async (c) => {
    const wanted = c.req.valid('json')
    const candidate = await lookUpSymbol(c.env, wanted).catch(unavailable)
    if (candidate === null) throw new ApiProblem('lookup_not_found', { symbol: wanted.symbol })
    const stored = await storeLookedUp(c.env, candidate)
    if (stored === null) throw new ApiProblem('lookup_code_taken', { code: candidate.code })
    const instrument = await asCaller(c, (db) => visibleInstrument(db.sql, stored.id))
    // Its last year at once, as for an instrument of one's own: nothing when already stored.
    const from = addDays(new Date().toISOString().slice(0, 10), -BACKFILL_DAYS)
    await fillPricesSoon(c, [{ instrumentId: instrument.id, from }])
    return c.json(instrument, stored.created ? 201 : 200)
  })
