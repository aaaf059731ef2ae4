import { useState } from 'react'
import { BENCHMARK_MEASURES, type BenchmarkMeasure } from '../../../shared/api/schemas'
import type { Measure } from '../../../shared/portfolio/measures'
import type { ChartRange } from '../chart-ranges'
import { DEFAULT_RANGE } from '../data/api-paths'
import { usePerformance } from '../data/portfolio-queries'
import { MeasureSwitch } from '../measure-switch'
import { ValueChart } from '../value-chart'
import { BenchmarkComparison } from './benchmark-comparison'
import { QueryStatus } from './query-status'

/**
 * The benchmark follows the panel's measure when it is nominal or real; measured in another
 * currency, the comparison keeps its own nominal or real choice (in the portfolio's currency).
 */
function benchmarkMeasureOf(measure: Measure): BenchmarkMeasure | undefined {
  return (BENCHMARK_MEASURES as readonly Measure[]).includes(measure)
    ? (measure as BenchmarkMeasure)
    : undefined
}

/**
 * The value over time for a chosen range, with that range's time- and money-weighted returns, in
 * the measure chosen (nominal, real or in another currency). The switch stays when a measure is
 * refused (an index month missing), so another can be chosen.
 */
export function PerformancePanel(props: {
  portfolioId: string
  asOf: string
  baseCurrency: string
  measure: Measure
  onMeasureChange: (measure: Measure) => void
}) {
  const [range, setRange] = useState<ChartRange>(DEFAULT_RANGE)
  const query = usePerformance(props.portfolioId, range, props.asOf, props.measure)
  const performance = query.data?.body
  const measureSwitch = (
    <MeasureSwitch
      baseCurrency={props.baseCurrency}
      measure={props.measure}
      onChange={props.onMeasureChange}
    />
  )
  return (
    <div className="panel">
      {performance && !query.isError ? (
        <ValueChart
          performance={performance}
          range={range}
          onRangeChange={setRange}
          pending={query.isPlaceholderData}
          measureSwitch={measureSwitch}
        />
      ) : (
        <>
          {measureSwitch}
          <QueryStatus query={query} />
        </>
      )}
      <BenchmarkComparison
        portfolioId={props.portfolioId}
        asOf={props.asOf}
        range={range}
        measure={benchmarkMeasureOf(props.measure)}
      />
    </div>
  )
}
