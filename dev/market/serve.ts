/**
 * The dev market server on its own (`npm run dev` starts it too): `npx tsx dev/market/serve.ts
 * [port]` prints the lines to put in `.dev.vars`. Ctrl-C stops it.
 */
import { LOCAL_PORTS } from '../local-layout'
import { devMarketVars, startDevMarketServer } from './market-server'

const port = Number(process.argv[2] ?? LOCAL_PORTS.market)
const server = await startDevMarketServer(port)
console.log(`Dev market server at ${server.url}; for .dev.vars:`)
for (const [key, value] of Object.entries(devMarketVars(server.url))) {
  console.log(`${key}="${value}"`)
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.close().then(() => process.exit(0)))
}
