import { randomUUID } from 'node:crypto'

/**
 * Paddle's API errors: `{ error: { type, code, detail, documentation_url, errors? }, meta:
 * { request_id } }`, with the codes, statuses and wording of developer.paddle.com/errors.
 */

export interface FieldError {
  field: string
  message: string
}

export class PaddleApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422,
    readonly code: string,
    readonly detail: string,
    /** The folder of the error's documentation page (`shared`, `customers`, …). */
    readonly area = 'shared',
    readonly errors?: FieldError[],
  ) {
    super(detail)
  }

  body() {
    return {
      error: {
        type: 'request_error',
        code: this.code,
        detail: this.detail,
        documentation_url: `https://developer.paddle.com/errors/${this.area}/${this.code}`,
        ...(this.errors ? { errors: this.errors } : {}),
      },
      meta: { request_id: randomUUID() },
    }
  }
}

export const authenticationMissing = () =>
  new PaddleApiError(403, 'authentication_missing', 'Authentication header missing.')

export const authenticationMalformed = () =>
  new PaddleApiError(
    403,
    'authentication_malformed',
    'Authentication header included, but incorrectly formatted.',
  )

export const invalidToken = () =>
  new PaddleApiError(403, 'invalid_token', 'Invalid or revoked API key.')

/** `entity` as Paddle names it in the message: "Subscription sub_… not found." */
export const notFound = (entity: string, id: string) =>
  new PaddleApiError(404, 'not_found', `${entity} ${id} not found.`)

export const badRequest = (detail = 'Invalid request.') =>
  new PaddleApiError(400, 'bad_request', detail)

export const invalidField = (errors: FieldError[]) =>
  new PaddleApiError(400, 'invalid_field', 'Request does not pass validation.', 'shared', errors)

export const customerAlreadyExists = (existingId: string) =>
  new PaddleApiError(
    409,
    'customer_already_exists',
    `customer email conflicts with customer of id ${existingId}`,
    'customers',
  )

export const subscriptionUpdateWhenCanceled = () =>
  new PaddleApiError(
    400,
    'subscription_update_when_canceled',
    'cannot update subscription, as subscription is canceled',
    'subscriptions',
  )

export const subscriptionCanceledActionInvalid = () =>
  new PaddleApiError(
    400,
    'subscription_is_canceled_action_invalid',
    "action can't be performed on canceled subscription",
    'subscriptions',
  )

export const transactionStatusMustBeReady = () =>
  new PaddleApiError(
    400,
    'transaction_status_must_be_ready',
    'Transaction status needs to be ready',
    'transactions',
  )
