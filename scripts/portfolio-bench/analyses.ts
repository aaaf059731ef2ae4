// Analyzes the benchmark's portfolio (holdings + totals, as a holdings screen asks for them) a
// given number of times, then exits: the program whose instructions
// bench-portfolio-instructions.ts counts.
// Run: tsx scripts/portfolio-bench/analyses.ts AVERAGE|FIFO ordered|shuffled COUNT
import { COST_BASIS_METHODS, analyzePortfolio } from '../../worker/portfolio'
import type { CostBasisMethod } from '../../worker/portfolio'
import { AS_OF, generatePortfolio, shuffledCopy } from './data'

const [method, order, countText] = process.argv.slice(2)
const count = Number(countText)
if (
  !(COST_BASIS_METHODS as readonly (string | undefined)[]).includes(method) ||
  (order !== 'ordered' && order !== 'shuffled') ||
  !Number.isInteger(count) ||
  count < 0
) {
  console.error('usage: analyses.ts AVERAGE|FIFO ordered|shuffled COUNT')
  process.exit(2)
}

const generated = generatePortfolio()
const given = order === 'ordered' ? generated : shuffledCopy(generated)
const input = {
  ...given,
  portfolio: { ...given.portfolio, costBasisMethod: method as CostBasisMethod },
}
for (let run = 0; run < count; run++) {
  const result = analyzePortfolio(input, { asOf: AS_OF, sales: false })
  if (!result.ok) throw new Error(result.error.message)
}
