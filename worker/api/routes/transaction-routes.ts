import { OpenAPIHono } from '@hono/zod-openapi'
import { privateRoute } from './private-route'
import {
  transactionCreateSchema,
  transactionPageSchema,
  transactionQuerySchema,
  transactionSchema,
  transactionWriteSchema,
} from '../../../shared/api/schemas'
import type { AppEnv } from '../../env'
import { asCaller, type ApiDb } from '../api-database'
import { fillPricesSoon } from '../fill-prices'
import { portfolioSettings } from '../store/portfolio-store'
import { listTransactions } from '../store/transaction-store'
import { createTransaction, removeTransaction, replaceTransaction } from '../transaction-writes'
import {
  DATA_ERRORS,
  errorResponses,
  idParams,
  json,
  jsonBody,
  transactionParams,
} from './openapi-shapes'
import type { z } from 'zod'

const tags = ['Transactions']

export const listTransactionsRoute = privateRoute({
  method: 'get',
  path: '/portfolios/{id}/transactions',
  tags,
  summary: "A page of a portfolio's transactions, newest first",
  request: { params: idParams, query: transactionQuerySchema },
  responses: {
    200: json(transactionPageSchema, 'Pass `nextCursor` as `cursor` for the next page'),
    ...errorResponses(...DATA_ERRORS),
  },
})

export const createTransactionRoute = privateRoute({
  method: 'post',
  path: '/portfolios/{id}/transactions',
  tags,
  summary: 'Add a transaction (idempotent by `idempotencyKey`)',
  description:
    "The currency defaults to the instrument's; a missing `fxRate` to another currency is looked up on the trade date (`fx_rate_needed` when none is known). A `tradeDate` after the caller's today (in the time zone of their profile, else their language's) is refused (422, `future`). The whole portfolio is checked by the engine; a refusal (e.g. `insufficient_quantity`) writes nothing. Repeating a request with the same `idempotencyKey` writes nothing and answers the first result; the same key with another body or portfolio is refused (409 `idempotency_key_reused`).",
  request: { params: idParams, body: jsonBody(transactionCreateSchema) },
  responses: {
    201: json(transactionSchema, 'The new transaction (or the one this key created before)'),
    ...errorResponses(...DATA_ERRORS, 403, 409, 413, 415, 422),
  },
})

export const updateTransactionRoute = privateRoute({
  method: 'patch',
  path: '/portfolios/{id}/transactions/{txId}',
  tags,
  summary: 'Replace the fields of a transaction',
  description:
    'The body is the whole transaction as on creation; the engine checks the portfolio again.',
  request: { params: transactionParams, body: jsonBody(transactionWriteSchema) },
  responses: {
    200: json(transactionSchema, 'The changed transaction'),
    ...errorResponses(...DATA_ERRORS, 413, 415, 422),
  },
})

export const deleteTransactionRoute = privateRoute({
  method: 'delete',
  path: '/portfolios/{id}/transactions/{txId}',
  tags,
  summary: 'Delete a transaction (refused when a later sale would no longer be covered)',
  request: { params: transactionParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(...DATA_ERRORS, 422) },
})

export async function readTransactions(
  db: ApiDb,
  id: string,
  query: z.infer<typeof transactionQuerySchema>,
) {
  await portfolioSettings(db.sql, id)
  return listTransactions(db.sql, id, query)
}

/** The transaction routes, relative to /api. */
export const transactionRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listTransactionsRoute, async (c) => {
    const { id } = c.req.valid('param')
    const query = c.req.valid('query')
    return c.json(await asCaller(c, (db) => readTransactions(db, id, query)), 200)
  })
  .openapi(createTransactionRoute, async (c) => {
    const { id } = c.req.valid('param')
    const body = c.req.valid('json')
    const created = await asCaller(c, (db) => createTransaction(db.sql, id, body, db.today))
    // Its instrument's prices back to its day, so the screens that follow are right.
    const { instrument, tradeDate } = created
    await fillPricesSoon(c, instrument ? [{ instrumentId: instrument.id, from: tradeDate }] : [])
    return c.json(created, 201)
  })
  .openapi(updateTransactionRoute, async (c) => {
    const { id, txId } = c.req.valid('param')
    const write = c.req.valid('json')
    return c.json(
      await asCaller(c, (db) => replaceTransaction(db.sql, id, txId, write, db.today)),
      200,
    )
  })
  .openapi(deleteTransactionRoute, async (c) => {
    const { id, txId } = c.req.valid('param')
    await asCaller(c, (db) => removeTransaction(db.sql, id, txId))
    return c.body(null, 204)
  })
