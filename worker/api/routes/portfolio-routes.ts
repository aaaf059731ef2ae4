import { OpenAPIHono } from '@hono/zod-openapi'
import { privateRoute } from './private-route'
import {
  benchmarkQuerySchema,
  benchmarkSchema,
  explanationQuerySchema,
  explanationSchema,
  measuredGainsQuerySchema,
  measuredGainsSchema,
  performanceQuerySchema,
  performanceSchema,
  portfolioCreateSchema,
  portfolioListSchema,
  portfolioSchema,
  portfolioUpdateSchema,
  openLotsQuerySchema,
  openLotsSchema,
  reportQuerySchema,
  reportSchema,
  salePageSchema,
  saleQuerySchema,
  type PortfolioList,
} from '../../../shared/api/schemas'
import type { z } from 'zod'
import type { Context } from 'hono'
import type { AppEnv } from '../../env'
import { logJobError } from '../../errors/log'
import { fillHistory } from '../../quotes/fill-history'
import { addDays } from '../../fx/fx-dates'
import {
  benchmarkCloses,
  benchmarkRange,
  closesCover,
  portfolioBenchmark,
} from '../analysis/benchmark-comparison'
import { API_RATE_BUDGETS, withinBudget } from '../api-rate-limit'
import { visibleInstrument } from '../store/instrument-store'
import {
  isGermanTaxFigure,
  isTurkishTaxFigure,
  parseFigureId,
} from '../../../shared/portfolio/figure-ids'
import type { Measure } from '../../../shared/portfolio/measures'
import { germanTaxExplanation } from '../analysis/german-tax-explanation'
import { turkishTaxExplanation } from '../analysis/turkish-tax-explanation'
import {
  portfolioCards,
  portfolioExplanation,
  portfolioMeasuredGains,
  portfolioOpenLots,
  portfolioPerformance,
  portfolioReport,
  portfolioSales,
} from '../analysis/portfolio-analysis'
import { analysisStamps } from '../store/analysis-store'
import { asCaller, type ApiDb } from '../api-database'
import { ApiProblem } from '../api-problem'
import { callerPlan, planLimitsOf } from '../store/plan-store'
import {
  createPortfolio,
  deletePortfolio,
  findPortfolio,
  listPortfolios,
  updatePortfolio,
} from '../store/portfolio-store'
import { DATA_ERRORS, errorResponses, idParams, json, jsonBody } from './openapi-shapes'

const tags = ['Portfolios']

export const listPortfoliosRoute = privateRoute({
  method: 'get',
  path: '/portfolios',
  tags,
  summary: "The caller's portfolios with today's figures and their plan's limits",
  responses: {
    200: json(portfolioListSchema, 'Portfolios, oldest first'),
    ...errorResponses(401, 503),
  },
})

export const createPortfolioRoute = privateRoute({
  method: 'post',
  path: '/portfolios',
  tags,
  summary: 'Create a portfolio',
  request: { body: jsonBody(portfolioCreateSchema) },
  responses: {
    201: json(portfolioSchema, 'The new portfolio'),
    ...errorResponses(400, 401, 403, 413, 415, 422, 503),
  },
})

export const getPortfolioRoute = privateRoute({
  method: 'get',
  path: '/portfolios/{id}',
  tags,
  summary: 'One portfolio',
  request: { params: idParams },
  responses: { 200: json(portfolioSchema, 'The portfolio'), ...errorResponses(...DATA_ERRORS) },
})

export const updatePortfolioRoute = privateRoute({
  method: 'patch',
  path: '/portfolios/{id}',
  tags,
  summary: 'Rename a portfolio or change its cost basis method',
  request: { params: idParams, body: jsonBody(portfolioUpdateSchema) },
  responses: {
    200: json(portfolioSchema, 'The changed portfolio'),
    ...errorResponses(...DATA_ERRORS, 413, 415, 422),
  },
})

export const deletePortfolioRoute = privateRoute({
  method: 'delete',
  path: '/portfolios/{id}',
  tags,
  summary: 'Delete a portfolio with all its transactions',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(...DATA_ERRORS) },
})

export const reportRoute = privateRoute({
  method: 'get',
  path: '/portfolios/{id}/report',
  tags,
  summary: 'Holdings, closed positions, sales, income, totals and years on a date',
  request: { params: idParams, query: reportQuerySchema },
  responses: {
    200: json(reportSchema, "The report (asOf defaults to the caller's today, in their time zone)"),
    ...errorResponses(...DATA_ERRORS, 422),
  },
})

export const salesRoute = privateRoute({
  method: 'get',
  path: '/portfolios/{id}/sales',
  tags,
  summary: "A page of the report's sales, newest first, each with the lots it used",
  request: { params: idParams, query: saleQuerySchema },
  responses: {
    200: json(salePageSchema, "Sales up to asOf (default the caller's today, in their time zone)"),
    ...errorResponses(...DATA_ERRORS, 422),
  },
})

export const openLotsRoute = privateRoute({
  method: 'get',
  path: '/portfolios/{id}/lots',
  tags,
  summary: 'The lots of one holding still held on a date',
  request: { params: idParams, query: openLotsQuerySchema },
  responses: {
    200: json(openLotsSchema, 'Oldest first (FIFO) or the one pool (average); none when not held'),
    ...errorResponses(...DATA_ERRORS, 422),
  },
})

export const performanceRoute = privateRoute({
  method: 'get',
  path: '/portfolios/{id}/performance',
  tags,
  summary:
    'Daily values of a range with time- and money-weighted returns, nominal, real or in another currency',
  request: { params: idParams, query: performanceQuerySchema },
  responses: {
    200: json(performanceSchema, 'From the first transaction (or `from`) to today (or `to`)'),
    ...errorResponses(...DATA_ERRORS, 422),
  },
})

export const gainsRoute = privateRoute({
  method: 'get',
  path: '/portfolios/{id}/gains',
  tags,
  summary: 'Total gain and total return real (by an index) or in another currency, on a date',
  description:
    "The totals of the report on `asOf` measured as docs/real-returns.md, rule 11, says: each change of invested capital at its day's index or rate. A month the index lacks is `422 real_index_missing`, a day without a rate `422 missing_fx_rate`; a measure the base currency does not offer is `400 invalid_query`.",
  request: { params: idParams, query: measuredGainsQuerySchema },
  responses: {
    200: json(measuredGainsSchema, "The measured totals (asOf defaults to the caller's today)"),
    ...errorResponses(...DATA_ERRORS, 422),
  },
})

export const explanationRoute = privateRoute({
  method: 'get',
  path: '/portfolios/{id}/explain',
  tags,
  summary: 'How one figure was computed: its steps, and the transactions, prices and rates used',
  request: { params: idParams, query: explanationQuerySchema },
  responses: {
    200: json(explanationSchema, 'The derivation the engine recorded computing the figure'),
    ...errorResponses(...DATA_ERRORS, 422),
  },
})

export const benchmarkRoute = privateRoute({
  method: 'get',
  path: '/portfolios/{id}/benchmark',
  tags,
  summary: "The portfolio's time-weighted return beside a benchmark's over the same range",
  description: `The benchmark is any instrument the caller can see (\`instrument\`), bought at its close before the range and held, in the portfolio's base currency at each day's rate, nominal or real by the portfolio's index (\`measure\`; docs/benchmark.md). When its stored closes do not reach the range, its price service is asked first; such a request counts against the ${API_RATE_BUDGETS.priceRefresh.limit} a minute per caller that refreshing prices has, and past it the comparison is answered from the closes stored.`,
  request: { params: idParams, query: benchmarkQuerySchema },
  responses: {
    200: json(benchmarkSchema, 'Both returns, their difference and both daily curves'),
    ...errorResponses(...DATA_ERRORS, 422),
  },
})

/** GET /portfolios: each portfolio's card, and the limits of the caller's plan. */
export async function readPortfolioList(db: ApiDb): Promise<PortfolioList> {
  // The stamps first: they must be no newer than the settings the cards are computed with.
  const stamps = await analysisStamps(db.sql)
  const [portfolios, plan] = await Promise.all([listPortfolios(db.sql), callerPlan(db.sql)])
  return {
    portfolios: await portfolioCards(
      db.sql,
      { stamps, portfolios },
      db.today,
      db.formatLocale,
      db.priceProviders,
    ),
    limits: planLimitsOf(plan),
  }
}

export async function readReport(db: ApiDb, id: string, asOf: string | undefined) {
  return portfolioReport(db.sql, id, asOf ?? db.today, db.priceProviders)
}

export async function readSales(db: ApiDb, id: string, query: SaleQuery) {
  const page = {
    offset: Number(query.cursor ?? 0),
    limit: query.limit,
    instrumentId: query.instrumentId,
  }
  return portfolioSales(db.sql, id, query.asOf ?? db.today, db.priceProviders, page)
}

export async function readOpenLots(db: ApiDb, id: string, query: OpenLotsQuery) {
  return portfolioOpenLots(
    db.sql,
    id,
    query.asOf ?? db.today,
    db.priceProviders,
    query.instrumentId,
  )
}

export async function readPerformance(
  db: ApiDb,
  id: string,
  query: { from?: string | undefined; to?: string | undefined; measure?: Measure | undefined },
) {
  const to = query.to ?? db.today
  if (query.from !== undefined && query.from > to) {
    throw new ApiProblem('invalid_query', {}, [{ path: 'from', code: 'invalid' }])
  }
  return portfolioPerformance(db.sql, id, { from: query.from, to }, query.measure)
}

export async function readGains(db: ApiDb, id: string, query: GainsQuery) {
  return portfolioMeasuredGains(db.sql, id, query.measure, query.asOf ?? db.today)
}

export async function readExplanation(db: ApiDb, id: string, query: ExplanationQuery) {
  const figure = parseFigureId(query.figure)
  // The schema checked it; this narrows the type.
  if (figure === null)
    throw new ApiProblem('invalid_query', {}, [{ path: 'figure', code: 'invalid' }])
  const to = query.to ?? db.today
  if (query.from !== undefined && query.from > to) {
    throw new ApiProblem('invalid_query', {}, [{ path: 'from', code: 'invalid' }])
  }
  const asOf = query.asOf ?? db.today
  if (isGermanTaxFigure(figure)) {
    return germanTaxExplanation(db.sql, id, figure, { asOf, today: db.today }, db.tax)
  }
  if (isTurkishTaxFigure(figure)) {
    return turkishTaxExplanation(db.sql, id, figure, { asOf, today: db.today })
  }
  return portfolioExplanation(
    db.sql,
    id,
    figure,
    { asOf, range: { from: query.from, to }, measure: query.measure },
    db.priceProviders,
  )
}

/**
 * GET /portfolios/{id}/benchmark: the benchmark's closes are fetched first when the stored ones
 * do not reach the range (a catalog line nobody holds has none until someone compares with it),
 * within the caller's price-refresh budget (past it, nothing is asked); then both returns are
 * computed from the store.
 */
async function readBenchmark(c: Context<AppEnv>, id: string, query: BenchmarkQuery) {
  const probe = await asCaller(c, async (db) => {
    const to = query.to ?? db.today
    if (query.from !== undefined && query.from > to) {
      throw new ApiProblem('invalid_query', {}, [{ path: 'from', code: 'invalid' }])
    }
    const range = await benchmarkRange(db.sql, id, { from: query.from, to })
    const instrument = await visibleInstrument(db.sql, query.instrument)
    const covered = closesCover(await benchmarkCloses(db.sql, instrument, range), range)
    return { range, instrument, covered }
  })
  const { range, instrument } = probe
  // Past the budget, the comparison is answered from what is stored (a close may be missing).
  const fetching =
    !probe.covered &&
    instrument.priceProvider !== null &&
    (await withinBudget(c, API_RATE_BUDGETS.priceRefresh))
  if (fetching) {
    // A week before the range, so the close before it is there after a weekend or a holiday;
    // asked whatever is stored (fillHistory's own check allows a week's gap at the start).
    const target = { instrumentId: instrument.id, from: addDays(range.from, -8) }
    // A provider that fails is answered by fillHistory; anything else is logged, and the
    // comparison answers from what is stored (422 when that is nothing).
    await fillHistory(c.env, [target], new Date(), { force: true }).catch((error: unknown) => {
      logJobError('quotes-fill', error, { instruments: 1 })
    })
  }
  return asCaller(c, (db) =>
    portfolioBenchmark(db.sql, id, instrument, { range, measure: query.measure }),
  )
}

type BenchmarkQuery = z.infer<typeof benchmarkQuerySchema>
type SaleQuery = z.infer<typeof saleQuerySchema>
type GainsQuery = z.infer<typeof measuredGainsQuerySchema>
type ExplanationQuery = z.infer<typeof explanationQuerySchema>
type OpenLotsQuery = z.infer<typeof openLotsQuerySchema>

/** The portfolio routes, relative to /api. */
export const portfolioRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listPortfoliosRoute, async (c) => c.json(await asCaller(c, readPortfolioList), 200))
  .openapi(createPortfolioRoute, async (c) => {
    const input = c.req.valid('json')
    return c.json(await asCaller(c, (db) => createPortfolio(db.sql, input)), 201)
  })
  .openapi(getPortfolioRoute, async (c) => {
    const { id } = c.req.valid('param')
    return c.json(await asCaller(c, (db) => findPortfolio(db.sql, id)), 200)
  })
  .openapi(updatePortfolioRoute, async (c) => {
    const { id } = c.req.valid('param')
    const patch = c.req.valid('json')
    return c.json(await asCaller(c, (db) => updatePortfolio(db.sql, id, patch)), 200)
  })
  .openapi(deletePortfolioRoute, async (c) => {
    const { id } = c.req.valid('param')
    await asCaller(c, (db) => deletePortfolio(db.sql, id))
    return c.body(null, 204)
  })
  .openapi(reportRoute, async (c) => {
    const { id } = c.req.valid('param')
    const { asOf } = c.req.valid('query')
    return c.json(await asCaller(c, (db) => readReport(db, id, asOf)), 200)
  })
  .openapi(salesRoute, async (c) => {
    const { id } = c.req.valid('param')
    const query = c.req.valid('query')
    return c.json(await asCaller(c, (db) => readSales(db, id, query)), 200)
  })
  .openapi(openLotsRoute, async (c) => {
    const { id } = c.req.valid('param')
    const query = c.req.valid('query')
    return c.json(await asCaller(c, (db) => readOpenLots(db, id, query)), 200)
  })
  .openapi(performanceRoute, async (c) => {
    const { id } = c.req.valid('param')
    const range = c.req.valid('query')
    return c.json(await asCaller(c, (db) => readPerformance(db, id, range)), 200)
  })
  .openapi(gainsRoute, async (c) => {
    const { id } = c.req.valid('param')
    const query = c.req.valid('query')
    return c.json(await asCaller(c, (db) => readGains(db, id, query)), 200)
  })
  .openapi(benchmarkRoute, async (c) => {
    const { id } = c.req.valid('param')
    return c.json(await readBenchmark(c, id, c.req.valid('query')), 200)
  })
  .openapi(explanationRoute, async (c) => {
    const { id } = c.req.valid('param')
    const query = c.req.valid('query')
    return c.json(await asCaller(c, (db) => readExplanation(db, id, query)), 200)
  })
