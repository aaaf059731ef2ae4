import type { RouteConfig } from '@hono/zod-openapi'
import type { z } from 'zod'
import { findPortfolio } from './store/portfolio-store'
import type { ApiDb } from './api-database'
import { exportRoute, fxRoute, readExport, readFx } from './routes/account-data-routes'
import {
  instrumentPricesRoute,
  quoteStatusRoute,
  readInstruments,
  readPrices,
  readQuoteStatus,
  searchInstrumentsRoute,
} from './routes/instrument-routes'
import {
  getPortfolioRoute,
  listPortfoliosRoute,
  openLotsRoute,
  performanceRoute,
  readOpenLots,
  readPerformance,
  readPortfolioList,
  readReport,
  readSales,
  reportRoute,
  salesRoute,
} from './routes/portfolio-routes'
import {
  germanTaxPersonRoute,
  germanTaxRoute,
  readGermanTax,
  readGermanTaxPerson,
  readTurkishTax,
  readTurkishTaxPerson,
  turkishTaxPersonRoute,
  turkishTaxRoute,
} from './routes/tax-year-routes'
import { listTransactionsRoute, readTransactions } from './routes/transaction-routes'

type SchemaOf<R, Part extends 'params' | 'query'> = R extends {
  request: { [P in Part]: infer S extends z.ZodType }
}
  ? z.output<S>
  : Record<string, never>

/** The validated path and query parameters of a GET route. */
export interface ReadInput<R> {
  params: SchemaOf<R, 'params'>
  query: SchemaOf<R, 'query'>
}

/** A GET route and what it answers: the API's handler and the page preload call the same. */
export interface GetReader {
  route: RouteConfig
  read(db: ApiDb, input: { params: unknown; query: unknown }): Promise<unknown>
}

function reader<R extends RouteConfig>(
  route: R,
  read: (db: ApiDb, input: ReadInput<R>) => Promise<unknown>,
): GetReader {
  return { route, read: (db, input) => read(db, input as ReadInput<R>) }
}

/** Every GET route of the API that reads a user's data. */
export const GET_READERS: readonly GetReader[] = [
  reader(listPortfoliosRoute, (db) => readPortfolioList(db)),
  reader(getPortfolioRoute, (db, { params }) => findPortfolio(db.sql, params.id)),
  reader(reportRoute, (db, { params, query }) => readReport(db, params.id, query.asOf)),
  reader(salesRoute, (db, { params, query }) => readSales(db, params.id, query)),
  reader(openLotsRoute, (db, { params, query }) => readOpenLots(db, params.id, query)),
  reader(performanceRoute, (db, { params, query }) => readPerformance(db, params.id, query)),
  reader(listTransactionsRoute, (db, { params, query }) => readTransactions(db, params.id, query)),
  reader(searchInstrumentsRoute, (db, { query }) => readInstruments(db, query)),
  reader(instrumentPricesRoute, (db, { params, query }) => readPrices(db, params.id, query)),
  reader(quoteStatusRoute, (db, { params }) => readQuoteStatus(db, params.id)),
  reader(fxRoute, (db, { query }) => readFx(db, query)),
  reader(exportRoute, (db) => readExport(db)),
  reader(germanTaxRoute, (db, { params }) => readGermanTax(db, params)),
  reader(germanTaxPersonRoute, (db, { params }) => readGermanTaxPerson(db, params)),
  reader(turkishTaxRoute, (db, { params }) => readTurkishTax(db, params)),
  reader(turkishTaxPersonRoute, (db, { params }) => readTurkishTaxPerson(db, params)),
]
