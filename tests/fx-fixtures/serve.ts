/**
 * The FX fixture server on its own, for `npm run dev` without the internet (dev/README.md):
 * `npx tsx tests/fx-fixtures/serve.ts [port]` prints the FX_ECB_URL and FX_TCMB_URL to put in
 * `.dev.vars`. Ctrl-C stops it.
 */
import { startFxFixtureServer } from './fixture-server'

const port = Number(process.argv[2] ?? 0)
const server = await startFxFixtureServer(port)
console.log(`FX_ECB_URL=${server.url}/ecb\nFX_TCMB_URL=${server.url}/tcmb`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.close().then(() => process.exit(0)))
}
