import { step } from '../explain/derivation'
import type { Derivation, Step } from '../explain/derivation'
import type { BenchmarkReturn } from './benchmark-return'

/** Which of the four formulas a benchmark's return took (docs/benchmark.md, rules 5 and 6). */
function formulaOf(result: BenchmarkReturn): string {
  if (result.conversion !== null && result.deflation !== null) return 'benchmark.convertedReal'
  if (result.conversion !== null) return 'benchmark.converted'
  if (result.deflation !== null) return 'benchmark.real'
  return 'benchmark.price'
}

/**
 * How a benchmark's return was computed: its last close in the range ÷ its close before it, times
 * the base currency's rate at the end ÷ at the start when converted, times the index at the start
 * ÷ at the end when real, less 1. The steps recompute {@link BenchmarkReturn.cumulative} exactly.
 *
 * @example explainBenchmark(result, { instrumentId, currency: 'EUR', indexCode: null })
 */
export function explainBenchmark(
  result: BenchmarkReturn,
  benchmark: { instrumentId: string; currency: string; indexCode: string | null },
): Derivation {
  const { instrumentId, currency } = benchmark
  const close = (at: 'start' | 'end'): Step =>
    step({
      op: at === 'start' ? 'divide' : null,
      kind: 'price',
      label: 'benchmarkClose',
      params: { instrument: instrumentId },
      value: result[at].price,
      currency,
      source: {
        kind: 'price',
        instrumentCode: instrumentId,
        date: result[at].date,
        origin: 'close',
      },
    })
  const steps: Step[] = [close('end'), close('start')]
  const { conversion, deflation } = result
  if (conversion !== null) {
    for (const at of ['end', 'start'] as const) {
      steps.push(
        step({
          op: at === 'end' ? 'times' : 'divide',
          kind: 'fxRate',
          label: 'benchmarkRate',
          params: { currency },
          value: conversion[at].value,
          source: {
            kind: 'fxRate',
            currency,
            date: conversion[at].date,
            origin: 'reference',
          },
        }),
      )
    }
  }
  if (deflation !== null) {
    for (const at of ['start', 'end'] as const) {
      steps.push(
        step({
          op: at === 'start' ? 'times' : 'divide',
          kind: 'factor',
          label: 'indexOf',
          params: { index: benchmark.indexCode ?? '', month: deflation[at].valueMonth },
          value: deflation[at].value,
        }),
      )
    }
  }
  steps.push(step({ op: 'minus', kind: 'one', label: 'start', value: 1 }))
  const provisional = deflation?.provisional
    ? [{ label: 'provisionalIndex', params: { month: deflation.end.month } }]
    : []
  return {
    figure: `benchmark.${instrumentId}.return`,
    formula: formulaOf(result),
    arithmetic: 'float',
    value: result.cumulative,
    kind: 'fraction',
    currency: null,
    steps,
    notes: [{ label: 'range', params: { from: result.from, to: result.to } }, ...provisional],
  }
}
