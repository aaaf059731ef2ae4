import clientAssets from 'virtual:client-assets'
import { createProcessor } from 'beasties/runtime'

type Processor = ReturnType<typeof createProcessor>
let processor: Processor | undefined

// Beasties' scanner reads the document beside a lowercased copy of it, position by position, and
// "İ" (Turkish) lowercases to two characters: every tag after the first one would be misread. It
// passes as a private-use character, which lowercases to itself, and is put back afterwards.
const DOTTED_CAPITAL_I = '\u0130'
const STAND_IN = '\uE130'

/**
 * A document whose stylesheets are linked (`documentStart(…, 'linked')`), with only the rules its
 * markup uses inlined in the head, and the links moved to the end of the body, so the first paint
 * waits for no request and the head stays small. Beasties' runtime matches the build's compiled
 * plans of the stylesheets against the markup in one pass, without a DOM or a CSS parser.
 * `nonce` goes on the inlined <style>.
 */
export function withCriticalCss(html: string, nonce: string): string {
  processor ??= createProcessor(clientAssets.stylePlans, { preload: 'body' })
  return processor
    .process(html.replaceAll(DOTTED_CAPITAL_I, STAND_IN), { nonce })
    .replaceAll(STAND_IN, DOTTED_CAPITAL_I)
}
