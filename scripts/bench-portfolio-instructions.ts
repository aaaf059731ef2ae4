// Instructions per analysis of the portfolio benchmark (holdings + totals), counted under
// Valgrind: a figure that does not move with the machine's speed, unlike the times
// bench-portfolio.ts prints (see docs/portfolio-engine.md, "This machine's speed"). Two processes
// generate the same portfolio and analyze it FEW and MANY times; the difference of their counts,
// divided by MANY − FEW, is one analysis, without start-up, compiling or generating the data.
// Both run at once (one per core); each configuration takes a few minutes.
// Run: npm run bench:portfolio:instructions [AVERAGE|FIFO ...] [ordered|shuffled ...]
import { spawn, spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { COST_BASIS_METHODS } from '../worker/portfolio'

const FEW = 2
const MANY = 12
const ORDERS = ['ordered', 'shuffled'] as const
const analyses = fileURLToPath(new URL('./portfolio-bench/analyses.ts', import.meta.url))

const chosen = process.argv.slice(2)
const unknown = chosen.filter(
  (word) =>
    !(COST_BASIS_METHODS as readonly string[]).includes(word) &&
    !ORDERS.some((order) => order === word),
)
if (unknown.length > 0) {
  console.error(`unknown: ${unknown.join(' ')}; usage: [AVERAGE|FIFO ...] [ordered|shuffled ...]`)
  process.exit(2)
}
const methods = COST_BASIS_METHODS.filter((method) => chosen.includes(method))
const orders = ORDERS.filter((order) => chosen.includes(order))

if (spawnSync('valgrind', ['--version']).error !== undefined) {
  console.error('Counting instructions needs Valgrind (Debian: apt-get install valgrind).')
  process.exit(1)
}

/** The instructions one process runs, analyzing `count` times: Valgrind's "Collected" total. */
function countInstructions(method: string, order: string, count: number): Promise<bigint> {
  const valgrind = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--callgrind-out-file=/dev/null',
      // V8 writes and rewrites its compiled code in memory Valgrind must keep watching.
      '--smc-check=all-non-file',
      process.execPath,
      // Compiling and collecting on the main thread only: fewer threads, steadier counts.
      '--single-threaded',
      '--import',
      import.meta.resolve('tsx'),
      analyses,
      method,
      order,
      String(count),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let errors = ''
  valgrind.stderr.setEncoding('utf8')
  valgrind.stderr.on('data', (text: string) => (errors += text))
  return new Promise((resolve, reject) => {
    valgrind.on('error', reject)
    valgrind.on('close', (code) => {
      const collected = /Collected : (\d+)/.exec(errors)?.[1]
      if (code === 0 && collected !== undefined) resolve(BigInt(collected))
      else reject(new Error(`valgrind exited with ${String(code)}:\n${errors.slice(-2000)}`))
    })
  })
}

for (const order of orders.length > 0 ? orders : (['ordered'] as const)) {
  for (const method of methods.length > 0 ? methods : COST_BASIS_METHODS) {
    const [few, many] = await Promise.all([
      countInstructions(method, order, FEW),
      countInstructions(method, order, MANY),
    ])
    const perAnalysis = Number(many - few) / (MANY - FEW) / 1e6
    console.log(
      `${`holdings + totals, ${method}, ${order}`.padEnd(44)} ${perAnalysis.toFixed(0).padStart(6)} million instructions per analysis`,
    )
  }
}
