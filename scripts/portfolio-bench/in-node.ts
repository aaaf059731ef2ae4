// The benchmark in Node, run by bench-portfolio.ts with --max-heap-size=128, the memory of a
// Worker isolate: finishing shows the analyses fit. Prints the same lines as in workerd.
import { getHeapStatistics } from 'node:v8'
import { PARTS, line, prepare, recordingCost, run } from './measure'
import type { Part, Runs } from './measure'
import { SIZES } from './sizes'

const limit = getHeapStatistics().heap_size_limit / 2 ** 20
console.log(`In Node ${process.version}, V8 heap limit ${limit.toFixed(0)} MB`)
for (const { transactions, runs: count } of SIZES) {
  prepare(transactions)
  console.log(`${transactions.toLocaleString('en')} transactions`)
  const measured: Partial<Record<Part, Runs>> = {}
  for (const part of Object.keys(PARTS) as Part[]) {
    run(part, 1)
    const before = process.cpuUsage()
    const runs = run(part, count)
    const cpu = process.cpuUsage(before)
    measured[part] = runs
    console.log(line(part, runs, (cpu.user + cpu.system) / 1000 / count))
  }
  if (measured.holdings && measured.explained) {
    console.log(recordingCost(measured.holdings, measured.explained))
  }
  const peak = process.resourceUsage().maxRSS / 1024
  const heap = getHeapStatistics().used_heap_size / 2 ** 20
  console.log(
    `  peak resident memory so far ${peak.toFixed(0)} MB, heap in use ${heap.toFixed(0)} MB`,
  )
}
