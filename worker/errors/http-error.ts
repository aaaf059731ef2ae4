/**
 * An error meant for the visitor: its status and message are shown as they are. Any other error
 * is a bug, shown in production as a localized "Internal Server Error" without details.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}
