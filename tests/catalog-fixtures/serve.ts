/**
 * The catalog fixture server on its own, for `npm run dev` without the internet (dev/README.md):
 * `npx tsx tests/catalog-fixtures/serve.ts [port]` prints the settings to put in `.dev.vars`.
 * Ctrl-C stops it.
 */
import { catalogFixtureVars, startCatalogFixtureServer } from './fixture-server'

const port = Number(process.argv[2] ?? 0)
const server = await startCatalogFixtureServer(port)
console.log(
  Object.entries(catalogFixtureVars(server.url))
    .map(([name, value]) => `${name}=${value}`)
    .join('\n'),
)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.close().then(() => process.exit(0)))
}
