/**
 * Types for the parts of `saxen` (an untyped SAX XML parser) that the xlsx reader uses. Without
 * an `error` handler it throws on malformed XML; it never expands DTD entities.
 */
declare module 'saxen' {
  type DecodeEntities = (text: string) => string

  export class Parser {
    on(
      event: 'openTag',
      handler: (
        name: string,
        attributes: () => Record<string, string> | false,
        decodeEntities: DecodeEntities,
        selfClosing: boolean,
      ) => void,
    ): this
    on(event: 'closeTag', handler: (name: string) => void): this
    on(event: 'text', handler: (text: string, decodeEntities: DecodeEntities) => void): this
    on(event: 'cdata', handler: (text: string) => void): this
    parse(xml: string): this
  }
}
