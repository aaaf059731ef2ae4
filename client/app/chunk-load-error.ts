/** A page's code or messages could not be fetched: usually a deploy replaced the files. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause })
    this.name = 'ChunkLoadError'
  }
}
