import type { QuoteErrorCode } from '../../shared/api/schemas'

/**
 * Why a provider's answer was not used: the code the status table keeps and the screens explain
 * (`quotes.errors.<code>`), and a message for operators that names what failed but never a URL's
 * query, which may hold an API key.
 */
export class QuoteError extends Error {
  constructor(
    readonly code: QuoteErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'QuoteError'
  }
}

/** A body that is not in the provider's format: refused whole, nothing of it is written. */
export function badResponse(provider: string, detail: string): QuoteError {
  return new QuoteError('bad_response', `${provider} answer: ${detail}`)
}
