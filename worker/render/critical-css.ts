import clientAssets from 'virtual:client-assets'
import { createProcessor } from 'beasties/runtime'

type Processor = ReturnType<typeof createProcessor>
let processor: Processor | undefined

/**
 * A document whose stylesheets are linked (`documentStart(…, 'linked')`), with only the rules its
 * markup uses inlined in the head, and the links moved to the end of the body (preloaded from the
 * head), so the first paint waits for no request and the head stays small. Beasties' runtime
 * matches the build's compiled plans of the stylesheets against the markup in one pass, without
 * a DOM or a CSS parser. `nonce` goes on the inlined <style>.
 */
export function withCriticalCss(html: string, nonce: string): string {
  processor ??= createProcessor(clientAssets.stylePlans, { preload: 'body' })
  return processor.process(html, { nonce })
}
