declare module 'virtual:client-assets' {
  /** Files of the client build the worker links from its HTML (see scripts/vite/client-assets-plugin.ts). */
  export interface ClientAssets {
    dev: boolean
    /** Identifies the client build; the browser compares it with /builds/latest.json. */
    buildId: string
    /** Scripts to load as modules, in order (the dev client and the entry in dev; the entry in a build). */
    scripts: string[]
    /** The first-party analytics script, loaded asynchronously on every page. */
    analytics: string
    /**
     * The entry's stylesheets, their text inlined in every document's head (a nonce'd <style>):
     * no request blocks the first paint. Empty in dev, where Vite injects the styles.
     */
    styles: string
    /**
     * The same stylesheets as files (root-relative URLs): a public page inlines only the rules
     * its markup uses and links these at the end of its body. Empty in dev.
     */
    stylesheets: string[]
    /** The stylesheets compiled for Beasties' runtime, which picks the rules a page uses. */
    stylePlans: import('beasties/runtime').CompactPlan[]
    /** The modules the entry imports, to preload. */
    preload: string[]
    /** Source path (e.g. "client/pages/home-page.tsx") -> its chunk and the chunks it imports. */
    chunks: Record<string, string[]>
  }
  const assets: ClientAssets
  export default assets
}

declare module '*.md?html' {
  /** The Markdown file rendered to HTML at build time. */
  const html: string
  export default html
}
