import { OpenAPIHono } from '@hono/zod-openapi'
import { privateRoute } from './private-route'
import type { z } from 'zod'
import { dataExportSchema, fxQuerySchema, fxRateSchema } from '../../../shared/api/schemas'
import type { AppEnv } from '../../env'
import { asCaller, type ApiDb } from '../api-database'
import { ApiProblem } from '../api-problem'
import { fxRateOn } from '../store/fx-store'
import { ownInstruments } from '../store/instrument-store'
import { listPortfolios } from '../store/portfolio-store'
import { ownManualPrices } from '../store/price-store'
import { errorResponses, json } from './openapi-shapes'

export const fxRoute = privateRoute({
  method: 'get',
  path: '/fx',
  tags: ['Exchange rates'],
  summary: 'The reference rate of a pair in force on a date (ECB, TCMB, inverse or cross)',
  request: { query: fxQuerySchema },
  responses: {
    200: json(fxRateSchema, '`rate` quote units per 1 base unit'),
    ...errorResponses(400, 401, 404, 503),
  },
})

export const exportRoute = privateRoute({
  method: 'get',
  path: '/export',
  tags: ['Account'],
  summary: 'Your portfolios, own instruments and manual prices (transactions: page by page)',
  responses: { 200: json(dataExportSchema, 'Your data'), ...errorResponses(401, 503) },
})

export async function readFx(db: ApiDb, query: z.infer<typeof fxQuerySchema>) {
  const rate = await fxRateOn(db.sql, query.base, query.quote, query.date)
  if (!rate) {
    throw new ApiProblem('fx_rate_not_found', {
      base: query.base,
      quote: query.quote,
      date: { date: query.date },
    })
  }
  return rate
}

export async function readExport(db: ApiDb): Promise<z.infer<typeof dataExportSchema>> {
  const [portfolios, instruments, manualPrices] = await Promise.all([
    listPortfolios(db.sql),
    ownInstruments(db.sql),
    ownManualPrices(db.sql),
  ])
  return { portfolios, instruments, manualPrices }
}

/** Exchange rates and the data export, relative to /api. */
export const accountDataRoutes = new OpenAPIHono<AppEnv>()
  .openapi(fxRoute, async (c) => {
    const query = c.req.valid('query')
    return c.json(await asCaller(c, (db) => readFx(db, query)), 200)
  })
  .openapi(exportRoute, async (c) => c.json(await asCaller(c, readExport), 200))
