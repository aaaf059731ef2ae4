import { escapeHtml } from '../../worker/render/html-escape'

/**
 * The stand-in's pages share one plain look: system fonts, light or dark with the system (or
 * the checkout's `theme`), a single column that fits 375 px, and nothing loaded from elsewhere.
 */

const STYLE = `
  :root { color-scheme: light dark; --bg: #f5f7fa; --card: #fff; --text: #1f2933; --muted: #52606d;
    --line: #d9e2ec; --accent: #2f6f4f; --accent-text: #fff; --danger: #b42318; --ok: #2f6f4f; }
  @media (prefers-color-scheme: dark) { :root:not([data-theme=light]) { --bg: #111418; --card: #1b2027;
    --text: #e4e7eb; --muted: #9aa5b1; --line: #323a45; --accent: #5fb38a; --accent-text: #0b1410;
    --danger: #f97066; --ok: #5fb38a; } }
  :root[data-theme=dark] { --bg: #111418; --card: #1b2027; --text: #e4e7eb; --muted: #9aa5b1;
    --line: #323a45; --accent: #5fb38a; --accent-text: #0b1410; --danger: #f97066; --ok: #5fb38a; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: var(--bg); color: var(--text); }
  /* In the overlay the page is see-through; a color scheme other than the iframe element's
     would make browsers paint it opaque, so it keeps the element's and colors itself. */
  :root.embedded { color-scheme: normal; } .embedded body { background: transparent; }
  .embedded main { margin-top: 2rem; }
  main { max-width: 44rem; margin: 0 auto; padding: 1rem; }
  main.narrow { max-width: 28rem; }
  .card { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: 1rem 1.25rem;
    margin: 1rem 0; position: relative; }
  h1 { font-size: 1.4rem; margin: .5rem 0; } h2 { font-size: 1.1rem; margin: .25rem 0 .5rem; }
  p { margin: .4rem 0; } .muted { color: var(--muted); font-size: .9rem; }
  a { color: var(--accent); word-break: break-word; }
  label { display: block; margin: .6rem 0 .2rem; font-size: .9rem; color: var(--muted); }
  input, select { width: 100%; font: inherit; padding: .5rem .6rem; border: 1px solid var(--line);
    border-radius: .4rem; background: var(--bg); color: var(--text); }
  .row { display: flex; gap: .75rem; } .row > * { flex: 1; min-width: 0; }
  button { font: inherit; padding: .55rem 1rem; border-radius: .4rem; border: 1px solid var(--line);
    background: var(--card); color: var(--text); cursor: pointer; }
  button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-text); }
  button.danger { color: var(--danger); }
  .actions { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: 1rem; }
  .actions form { margin: 0; }
  .close { position: absolute; top: .5rem; right: .5rem; border: 0; background: none; font-size: 1.5rem;
    line-height: 1; padding: .25rem .6rem; color: var(--muted); }
  .price { font-size: 1.6rem; font-weight: 600; margin: .25rem 0; }
  .notice { border-left: 4px solid var(--ok); padding: .5rem .75rem; background: var(--card); }
  .error { border-left: 4px solid var(--danger); padding: .5rem .75rem; color: var(--danger); }
  table { width: 100%; border-collapse: collapse; font-size: .9rem; }
  th, td { text-align: left; padding: .35rem .4rem; border-bottom: 1px solid var(--line); vertical-align: top; }
  .table { overflow-x: auto; }
  code { font-size: .85em; word-break: break-all; }
  .badge { display: inline-block; padding: 0 .45rem; border-radius: 1rem; border: 1px solid var(--line);
    font-size: .8rem; }
  [hidden] { display: none !important; }
`

export interface PageOptions {
  title: string
  body: string
  /** Inside the checkout overlay: no page background of its own. */
  embedded?: boolean
  theme?: 'light' | 'dark' | null
  script?: string
  narrow?: boolean
}

export function renderPage(options: PageOptions): string {
  const root = [
    options.theme ? ` data-theme="${options.theme}"` : '',
    options.embedded ? ' class="embedded"' : '',
  ].join('')
  const script = options.script ? `<script>${options.script}</script>` : ''
  return `<!doctype html>
<html lang="en"${root}><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<style>${STYLE}</style></head>
<body><main${options.narrow ? ' class="narrow"' : ''}>
${options.body}
</main>${script}</body></html>`
}

/** A day for people: "4 March 2026". */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

export { escapeHtml }
