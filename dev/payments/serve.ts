/**
 * The Paddle stand-in on its own: `npx tsx dev/payments/serve.ts [port] [webhook URL]` prints the
 * worker's settings for `.dev.vars`. Ctrl-C stops it.
 */
import { localPaddleVars } from './local-paddle'
import { startPaddleStandIn } from './paddle-stand-in'

const port = Number(process.argv[2] ?? 0)
const standIn = await startPaddleStandIn({ port, webhookUrl: process.argv[3] ?? null })
console.log(`Paddle stand-in at ${standIn.url} (state: ${standIn.url}/); for .dev.vars:`)
for (const [key, value] of Object.entries(localPaddleVars(standIn.url))) {
  console.log(`${key}="${value}"`)
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void standIn.close().then(() => process.exit(0)))
}
