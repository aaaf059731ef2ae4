/** What `JSON.parse` passes a reviver for a primitive: its text in the document. */
interface ReviverContext {
  source?: string
}

type SourceReviver = (
  this: unknown,
  key: string,
  value: unknown,
  context?: ReviverContext,
) => unknown

/**
 * Parses JSON with every number kept as the text it was written as (`0.812882`, `1.2e-7`), so a
 * price never passes through a binary float. Uses the reviver's source text (V8, workerd and
 * Node 22), and throws a `SyntaxError` for what is not JSON.
 *
 * @example parseJsonExact('{"close":185.640}') // { close: '185.640' }
 */
export function parseJsonExact(text: string): unknown {
  const reviver: SourceReviver = (_key, value, context) => {
    if (typeof value !== 'number') return value
    if (context?.source === undefined) throw new SyntaxError('JSON number without its source text')
    return context.source
  }
  return JSON.parse(text, reviver as Parameters<typeof JSON.parse>[1])
}
