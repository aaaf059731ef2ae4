import type { FieldIssue } from './field-issues'
import type { ImportField, ImportFileProblem } from '../../shared/api/schemas'
import type { Messages } from '../../shared/i18n/messages'
import type { RealIndex } from '../../shared/portfolio/measures'
import type { TransactionType } from '../../shared/portfolio/portfolio-kinds'
import type { PortfolioErrorCode } from '../portfolio'
import type { LikelyCause } from './import/price-plausibility'

/** The API's own error codes, each with a message under `api.errors.<code>`. */
export type ApiErrorCode = Exclude<keyof Messages['api']['errors'], 'network_error'>

/**
 * A value for a message's placeholder: text as is, numbers and dates in the caller's format,
 * import fields by their labels in the caller's language.
 */
export type ProblemParam =
  | string
  | number
  | { date: string }
  /** A month, `YYYY-MM`, named as the caller's language names it. */
  | { month: string }
  | { fields: readonly ImportField[] }
  /** A decimal string, shown in the caller's number format with every decimal kept. */
  | { decimal: string }
  | { type: TransactionType }
  /** Why an import row's price is far off, in the caller's words. */
  | { cause: LikelyCause }
  /** A consumer price index, by the name the caller's language gives it. */
  | { priceIndex: RealIndex }

/** The status each code answers with. */
export const API_ERROR_STATUS = {
  malformed_json: 400,
  invalid_query: 400,
  invalid_text: 400,
  not_authenticated: 401,
  plan_limit_portfolios: 403,
  plan_limit_transactions: 403,
  import_mapping_limit: 403,
  second_factor_required: 403,
  reauthentication_needed: 403,
  webhook_signature_invalid: 401,
  not_found: 404,
  record_not_found: 404,
  portfolio_not_found: 404,
  transaction_not_found: 404,
  instrument_not_found: 404,
  fx_rate_not_found: 404,
  figure_not_found: 404,
  lookup_not_found: 404,
  method_not_allowed: 405,
  uri_too_long: 414,
  import_mapping_not_found: 404,
  no_subscription: 404,
  // Not an outage: this installation has no payment provider set up.
  checkout_unavailable: 404,
  invoice_not_found: 404,
  already_pro: 409,
  instrument_exists: 409,
  price_source_missing: 409,
  lookup_code_taken: 409,
  instrument_in_use: 409,
  idempotency_key_reused: 409,
  conflict: 409,
  payload_too_large: 413,
  request_too_large: 431,
  unsupported_media_type: 415,
  validation_failed: 422,
  fx_rate_needed: 422,
  real_index_missing: 422,
  real_index_unavailable: 422,
  allowance_exceeded: 422,
  tax_needs_euros: 422,
  benchmark_no_prices: 422,
  benchmark_no_start_price: 422,
  not_capital_income: 422,
  import_has_problems: 422,
  webhook_event_unreadable: 422,
  rate_limited: 429,
  unexpected: 500,
  lookup_unavailable: 502,
  payment_provider_unavailable: 502,
  auth_unavailable: 503,
  database_unavailable: 503,
} as const satisfies Record<ApiErrorCode, number>

export type ApiErrorStatus = (typeof API_ERROR_STATUS)[ApiErrorCode]

/** What a problem is: an API code, a refusal of the engine, or what is wrong with an import file. */
export type ProblemCode =
  ApiErrorCode | { engine: PortfolioErrorCode } | { importFile: ImportFileProblem }

function statusOf(code: ProblemCode): ApiErrorStatus {
  if (typeof code === 'string') return API_ERROR_STATUS[code]
  if ('importFile' in code && code.importFile === 'file_too_large') return 413
  return 422
}

/**
 * Why a request was refused, as a value the error handler turns into the JSON error answer:
 * an API code (message `api.errors.<code>`), a refusal of the portfolio engine (status 422,
 * message `api.engine.<code>`) or a file an import cannot read (422, 413 for one too large;
 * message `import.fileProblems.<code>`, naming the data row at fault when there is one).
 *
 * @example throw new ApiProblem('portfolio_not_found')
 */
export class ApiProblem extends Error {
  readonly status: ApiErrorStatus
  constructor(
    readonly code: ProblemCode,
    readonly params: Readonly<Record<string, ProblemParam>> = {},
    readonly fields: readonly FieldIssue[] = [],
  ) {
    super(
      typeof code === 'string'
        ? code
        : 'engine' in code
          ? `engine: ${code.engine}`
          : `import file: ${code.importFile}`,
    )
    this.name = 'ApiProblem'
    this.status = statusOf(code)
  }
}
