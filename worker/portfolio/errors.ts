/**
 * Every way the engine can refuse its input. The UI localizes by `code`; `message` is English for
 * logs and developers.
 */
export const PORTFOLIO_ERROR_CODES = [
  'invalid_currency',
  'unknown_cost_basis_method',
  'invalid_transaction_id',
  'duplicate_transaction_id',
  'unknown_type',
  'invalid_date',
  'invalid_number',
  'missing_field',
  'non_positive_quantity',
  'non_positive_price',
  'non_positive_amount',
  'negative_fee_or_tax',
  'invalid_split_ratio',
  'missing_fx_rate',
  'missing_price_index',
  'invalid_fx_rate',
  'currency_mismatch',
  'cash_not_recorded',
  'insufficient_quantity',
  'bonus_issue_not_held',
  'invalid_market_data',
  'invalid_range',
  'too_large',
  'unknown_figure',
] as const

export type PortfolioErrorCode = (typeof PORTFOLIO_ERROR_CODES)[number]

export interface PortfolioError {
  code: PortfolioErrorCode
  /** The transaction at fault, when one is. */
  transactionId: string | null
  /** The input at fault, when one is: a transaction field (`quantity`), `prices.AAPL`, `from`. */
  field: string | null
  message: string
}

/** What every public function returns: the figures, or the first reason it could not compute them. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: PortfolioError }

/** Carries a {@link PortfolioError} from deep in a calculation to the public boundary. */
class PortfolioInputError extends Error {
  constructor(readonly error: PortfolioError) {
    super(error.message)
    this.name = 'PortfolioInputError'
  }
}

/** Stops the calculation with a typed error. */
export function fail(
  code: PortfolioErrorCode,
  message: string,
  transactionId: string | null = null,
  field: string | null = null,
): never {
  throw new PortfolioInputError({ code, transactionId, field, message })
}

/**
 * Runs a calculation and turns a {@link PortfolioInputError} into `{ ok: false }`. Anything else
 * is a bug in the engine and is rethrown rather than disguised as bad input.
 */
export function toResult<T>(calculate: () => T): Result<T> {
  try {
    return { ok: true, value: calculate() }
  } catch (caught) {
    if (caught instanceof PortfolioInputError) return { ok: false, error: caught.error }
    throw caught
  }
}
