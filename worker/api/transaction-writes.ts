import type postgres from 'postgres'
import type { Transaction, TransactionCreate, TransactionWrite } from '../../shared/api/schemas'
import type { PortfolioError } from '../portfolio'
import { checkPortfolio } from './analysis/portfolio-analysis'
import { ApiProblem } from './api-problem'
import { fxRateOn } from './store/fx-store'
import { exchangeRate, movesMoney } from './transaction-fx'
import { visibleInstrument } from './store/instrument-store'
import { portfolioSettings, type PortfolioSettings } from './store/portfolio-store'
import {
  deleteTransaction,
  findTransaction,
  insertTransaction,
  transactionByIdempotencyKey,
  updateTransaction,
  type TransactionValues,
} from './store/transaction-store'

type Sql = postgres.TransactionSql

/**
 * The values to store for a transaction as sent: the currency defaults to the instrument's (the
 * base currency without one), and a missing rate to another currency is an exchange's own or else
 * looked up in the reference rates on the trade date (`fx_rate_on`); without one, 422
 * `fx_rate_needed`.
 * A trade date after the caller's `today` is refused, as the form refuses it (the same day: the
 * caller's, in their zone).
 * `fieldPrefix` is where the transaction sits in the request body, for `fields`.
 */
async function storedValues(
  sql: Sql,
  portfolio: PortfolioSettings,
  write: TransactionWrite,
  fieldPrefix: string,
  today: string,
): Promise<TransactionValues> {
  if (write.tradeDate > today) {
    throw new ApiProblem('validation_failed', {}, [
      { path: `${fieldPrefix}tradeDate`, code: 'future' },
    ])
  }
  const instrument = write.instrumentId ? await visibleInstrument(sql, write.instrumentId) : null
  const currency = write.currency ?? instrument?.currency ?? portfolio.baseCurrency
  // The schema compares the currencies sent; one defaulted to the base is compared here.
  if (write.toCurrency === currency) {
    throw new ApiProblem('validation_failed', {}, [
      { path: `${fieldPrefix}toCurrency`, code: 'same_currency' },
    ])
  }
  let fxRate = write.fxRate ?? exchangeRate({ ...write, currency }, portfolio.baseCurrency)
  if (
    fxRate === null &&
    currency !== portfolio.baseCurrency &&
    movesMoney(write.type, write.amount)
  ) {
    const found = await fxRateOn(sql, currency, portfolio.baseCurrency, write.tradeDate)
    if (!found) {
      throw new ApiProblem(
        'fx_rate_needed',
        { currency, base: portfolio.baseCurrency, date: { date: write.tradeDate } },
        [{ path: `${fieldPrefix}fxRate`, code: 'required' }],
      )
    }
    fxRate = found.rate
  }
  return {
    type: write.type,
    tradeDate: write.tradeDate,
    instrumentId: write.instrumentId ?? null,
    currency,
    fxRate,
    quantity: write.quantity ?? null,
    unitPrice: write.unitPrice ?? null,
    amount: write.amount ?? null,
    fee: write.fee ?? null,
    tax: write.tax ?? null,
    splitRatio: write.splitRatio ?? null,
    acquiredDate: write.acquiredDate ?? null,
    acquisitionFxRate: write.acquisitionFxRate ?? null,
    toCurrency: write.toCurrency ?? null,
    toAmount: write.toAmount ?? null,
    note: write.note || null,
  }
}

/** The request field an engine refusal of transaction `id` points at, if it is about that one. */
function fieldOfTransaction(id: string, fieldPrefix: string) {
  return (error: PortfolioError): string | null => {
    if (error.transactionId !== id || error.field === null) return null
    return `${fieldPrefix}${error.field === 'instrumentCode' ? 'instrumentId' : error.field}`
  }
}

/**
 * What a creating request asks for, as a digest: its portfolio and its validated body (the same
 * request always validates to the same object, fields in the schema's order).
 */
async function requestDigest(portfolioId: string, body: TransactionCreate): Promise<string> {
  const text = JSON.stringify({ portfolioId, transaction: body.transaction })
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * Creates a transaction dated up to `today` (the caller's), then lets the engine check the whole
 * portfolio (rolled back on a refusal). The same idempotency key sent again with the same request writes nothing and answers
 * the transaction it created; with another request (another body or portfolio) it is refused
 * with 409 `idempotency_key_reused`, since answering the first transaction would tell the
 * client its different request was done.
 */
export async function createTransaction(
  sql: Sql,
  portfolioId: string,
  body: TransactionCreate,
  today: string,
): Promise<Transaction> {
  const portfolio = await portfolioSettings(sql, portfolioId)
  const request = { key: body.idempotencyKey, digest: await requestDigest(portfolioId, body) }
  const earlier = await transactionByIdempotencyKey(sql, request.key)
  if (earlier) return sameRequest(earlier, portfolioId, request.digest)
  const values = await storedValues(sql, portfolio, body.transaction, 'transaction.', today)
  const id = await insertTransaction(sql, portfolioId, request, values)
  if (id === null) {
    // A concurrent request with the same key won the race; its transaction is the answer.
    const winner = await transactionByIdempotencyKey(sql, request.key)
    if (!winner) throw new Error('idempotency key conflict without a transaction')
    return sameRequest(winner, portfolioId, request.digest)
  }
  await checkPortfolio(sql, portfolio, fieldOfTransaction(id, 'transaction.'))
  return findTransaction(sql, portfolioId, id)
}

function sameRequest(
  earlier: { transaction: Transaction; digest: string | null },
  portfolioId: string,
  digest: string,
): Transaction {
  const { transaction } = earlier
  if (transaction.portfolioId !== portfolioId) throw new ApiProblem('idempotency_key_reused')
  if (earlier.digest !== null && earlier.digest !== digest) {
    throw new ApiProblem('idempotency_key_reused')
  }
  return transaction
}

/** Replaces a transaction's fields, then checks the portfolio as a create does. */
export async function replaceTransaction(
  sql: Sql,
  portfolioId: string,
  id: string,
  write: TransactionWrite,
  today: string,
): Promise<Transaction> {
  const portfolio = await portfolioSettings(sql, portfolioId)
  await findTransaction(sql, portfolioId, id)
  await updateTransaction(
    sql,
    portfolioId,
    id,
    await storedValues(sql, portfolio, write, '', today),
  )
  await checkPortfolio(sql, portfolio, fieldOfTransaction(id, ''))
  return findTransaction(sql, portfolioId, id)
}

/** Deletes a transaction; refused (422) when the rest no longer adds up (a sale of units bought by it). */
export async function removeTransaction(sql: Sql, portfolioId: string, id: string): Promise<void> {
  const portfolio = await portfolioSettings(sql, portfolioId)
  await deleteTransaction(sql, portfolioId, id)
  await checkPortfolio(sql, portfolio, () => null)
}
