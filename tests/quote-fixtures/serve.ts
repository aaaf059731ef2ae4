/**
 * The quote fixture server on its own, for `npm run dev` without the internet (dev/README.md):
 * `npx tsx tests/quote-fixtures/serve.ts [port]` prints the settings to put in `.dev.vars`.
 * Ctrl-C stops it.
 */
import { FIXTURE_EODHD_KEY, startQuoteFixtureServer } from './fixture-server'

const port = Number(process.argv[2] ?? 0)
const server = await startQuoteFixtureServer(port)
console.log(
  [
    `QUOTES_YAHOO_URL=${server.url}/yahoo`,
    `QUOTES_YAHOO_SEARCH_URL=${server.url}/yahoo`,
    `QUOTES_TEFAS_URL=${server.url}/tefas`,
    `QUOTES_COINGECKO_URL=${server.url}/coingecko`,
    `QUOTES_EODHD_URL=${server.url}/eodhd`,
    `EODHD_API_KEY=${FIXTURE_EODHD_KEY}`,
  ].join('\n'),
)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.close().then(() => process.exit(0)))
}
