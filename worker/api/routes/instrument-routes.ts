import { OpenAPIHono } from '@hono/zod-openapi'
import { privateRoute } from './private-route'
import type { z } from 'zod'
import {
  instrumentCreateSchema,
  instrumentListSchema,
  instrumentSchema,
  instrumentSearchSchema,
  instrumentUpdateSchema,
  pricesQuerySchema,
  pricesSchema,
  pricesWriteSchema,
  priceRefreshSchema,
  quoteStatusSchema,
} from '../../../shared/api/schemas'
import type { AppEnv } from '../../env'
import { asCaller, type ApiDb } from '../api-database'
import { API_RATE_BUDGETS, routeRateLimit } from '../api-rate-limit'
import { ApiProblem } from '../api-problem'
import { fillPricesSoon } from '../fill-prices'
import { addDays } from '../../fx/fx-dates'
import { fillHistory } from '../../quotes/fill-history'
import { BACKFILL_DAYS } from '../../quotes/refresh-quotes'
import { firstTransactionDay } from '../store/transaction-store'
import {
  createInstrument,
  deleteInstrument,
  searchInstruments,
  updateInstrument,
  visibleInstrument,
} from '../store/instrument-store'
import { instrumentPrices, writeManualPrices } from '../store/price-store'
import { quoteStatusOf } from '../store/quote-status-store'
import { DATA_ERRORS, errorResponses, idParams, json, jsonBody } from './openapi-shapes'

const tags = ['Instruments']

export const searchInstrumentsRoute = privateRoute({
  method: 'get',
  path: '/instruments',
  tags,
  summary: 'Search the catalog and your own instruments by code prefix, name or ISIN',
  request: { query: instrumentSearchSchema },
  responses: {
    200: json(instrumentListSchema, 'Exact codes first, then code prefixes, then by code'),
    ...errorResponses(400, 401, 503),
  },
})

export const createInstrumentRoute = privateRoute({
  method: 'post',
  path: '/instruments',
  tags,
  summary: 'Define an instrument of your own (its slug comes from the name)',
  request: { body: jsonBody(instrumentCreateSchema) },
  responses: {
    201: json(instrumentSchema, 'The new instrument'),
    ...errorResponses(400, 401, 409, 413, 415, 422, 503),
  },
})

export const updateInstrumentRoute = privateRoute({
  method: 'patch',
  path: '/instruments/{id}',
  tags,
  summary:
    'Set the fund type, TEFAS fund class, country or exchange of an instrument of your own (null clears one)',
  description:
    'What the tax figures read of an instrument: `fundType` and `tefasFundClass` only for a `FUND` or `ETF`; `exchange` makes a share’s market (`BIST` or abroad). The catalog’s are set by the catalog.',
  request: { params: idParams, body: jsonBody(instrumentUpdateSchema) },
  responses: {
    200: json(instrumentSchema, 'The instrument as it now is'),
    ...errorResponses(...DATA_ERRORS, 409, 413, 415, 422),
  },
})

export const deleteInstrumentRoute = privateRoute({
  method: 'delete',
  path: '/instruments/{id}',
  tags,
  summary: 'Delete an instrument of your own with its manual prices',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(...DATA_ERRORS, 409) },
})

export const instrumentPricesRoute = privateRoute({
  method: 'get',
  path: '/instruments/{id}/prices',
  tags,
  summary: 'Closing prices of an instrument, your manual ones winning their day',
  request: { params: idParams, query: pricesQuerySchema },
  responses: { 200: json(pricesSchema, 'Oldest first'), ...errorResponses(...DATA_ERRORS) },
})

export const quoteStatusRoute = privateRoute({
  method: 'get',
  path: '/instruments/{id}/quote-status',
  tags,
  summary: "Where an instrument's prices come from, and how that provider last did",
  request: { params: idParams },
  responses: {
    200: json(quoteStatusSchema, 'Its provider (null: prices entered by hand) and its status'),
    ...errorResponses(...DATA_ERRORS),
  },
})

export const refreshPricesRoute = privateRoute(
  {
    method: 'post',
    path: '/instruments/{id}/prices/refresh',
    tags,
    summary:
      "Ask the instrument's price service now for its closes back to your first transaction of it",
    description: `At most ${API_RATE_BUDGETS.priceRefresh.limit} a minute per caller.`,
    request: { params: idParams },
    responses: {
      200: json(priceRefreshSchema, 'What arrived, and the source as it stands now'),
      ...errorResponses(...DATA_ERRORS, 409),
    },
  },
  routeRateLimit(API_RATE_BUDGETS.priceRefresh),
)

export const writePricesRoute = privateRoute({
  method: 'put',
  path: '/instruments/{id}/prices',
  tags,
  summary: 'Set manual closing prices (one per day; a day given again is replaced)',
  request: { params: idParams, body: jsonBody(pricesWriteSchema) },
  responses: {
    200: json(pricesSchema, 'The prices written'),
    ...errorResponses(...DATA_ERRORS, 413, 415, 422),
  },
})

export async function readInstruments(db: ApiDb, query: z.infer<typeof instrumentSearchSchema>) {
  return { instruments: await searchInstruments(db.sql, query.q, query.limit) }
}

export async function readPrices(db: ApiDb, id: string, range: z.infer<typeof pricesQuerySchema>) {
  await visibleInstrument(db.sql, id)
  return instrumentPrices(db.sql, id, range)
}

export async function readQuoteStatus(db: ApiDb, id: string) {
  return quoteStatusOf(db.sql, await visibleInstrument(db.sql, id), db)
}

/** Where an instrument's history should start: the caller's first transaction of it, or a year ago. */
async function historyStart(db: ApiDb, id: string): Promise<string> {
  const instrument = await visibleInstrument(db.sql, id)
  if (instrument.priceProvider === null) throw new ApiProblem('price_source_missing')
  return (await firstTransactionDay(db.sql, id)) ?? addDays(db.today, -BACKFILL_DAYS)
}

/** The instrument and price routes, relative to /api. */
export const instrumentRoutes = new OpenAPIHono<AppEnv>()
  .openapi(searchInstrumentsRoute, async (c) => {
    const query = c.req.valid('query')
    return c.json(await asCaller(c, (db) => readInstruments(db, query)), 200)
  })
  .openapi(createInstrumentRoute, async (c) => {
    const input = c.req.valid('json')
    const created = await asCaller(c, (db) => createInstrument(db.sql, input))
    // A source named: its last year at once, so the instrument does not start empty.
    const from = addDays(new Date().toISOString().slice(0, 10), -BACKFILL_DAYS)
    await fillPricesSoon(c, created.priceProvider ? [{ instrumentId: created.id, from }] : [])
    return c.json(created, 201)
  })
  .openapi(updateInstrumentRoute, async (c) => {
    const { id } = c.req.valid('param')
    const patch = c.req.valid('json')
    return c.json(await asCaller(c, (db) => updateInstrument(db.sql, id, patch)), 200)
  })
  .openapi(deleteInstrumentRoute, async (c) => {
    const { id } = c.req.valid('param')
    await asCaller(c, (db) => deleteInstrument(db.sql, id))
    return c.body(null, 204)
  })
  .openapi(instrumentPricesRoute, async (c) => {
    const { id } = c.req.valid('param')
    const range = c.req.valid('query')
    return c.json(await asCaller(c, (db) => readPrices(db, id, range)), 200)
  })
  .openapi(quoteStatusRoute, async (c) => {
    const { id } = c.req.valid('param')
    return c.json(await asCaller(c, (db) => readQuoteStatus(db, id)), 200)
  })
  .openapi(refreshPricesRoute, async (c) => {
    const { id } = c.req.valid('param')
    const from = await asCaller(c, (db) => historyStart(db, id))
    const filled = await fillHistory(c.env, [{ instrumentId: id, from }], new Date(), {
      force: true,
    })
    const status = await asCaller(c, (db) => readQuoteStatus(db, id))
    return c.json({ ...filled, status }, 200)
  })
  .openapi(writePricesRoute, async (c) => {
    const { id } = c.req.valid('param')
    const input = c.req.valid('json')
    return c.json(
      await asCaller(c, async (db) => {
        await visibleInstrument(db.sql, id)
        return writeManualPrices(db.sql, id, input)
      }),
      200,
    )
  })
