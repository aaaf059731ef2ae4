type Part = Uint8Array | ReadableStream<Uint8Array>

/** One byte stream from fixed chunks and streams, in order, each piece flushed as it comes. */
export function concatStreams(parts: Part[]): ReadableStream<Uint8Array> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>()
  const writer = writable.getWriter()
  void (async () => {
    try {
      for (const part of parts) {
        if (part instanceof Uint8Array) {
          await writer.write(part)
          continue
        }
        const reader = part.getReader()
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          await writer.write(value)
        }
      }
      await writer.close()
    } catch (error) {
      await writer.abort(error).catch(() => {})
    }
  })()
  return readable
}
