import { useState } from 'react'
import type { ChartRange } from '../chart-ranges'
import { DEFAULT_RANGE } from '../data/api-paths'
import { usePerformance } from '../data/portfolio-queries'
import { ValueChart } from '../value-chart'
import { BenchmarkComparison } from './benchmark-comparison'
import { QueryStatus } from './query-status'

/** The value over time for a chosen range, with that range's time- and money-weighted returns. */
export function PerformancePanel(props: { portfolioId: string; asOf: string }) {
  const [range, setRange] = useState<ChartRange>(DEFAULT_RANGE)
  const query = usePerformance(props.portfolioId, range, props.asOf)
  const performance = query.data?.body
  return (
    <div className="panel">
      {performance ? (
        <ValueChart
          performance={performance}
          range={range}
          onRangeChange={setRange}
          pending={query.isPlaceholderData}
        />
      ) : (
        <QueryStatus query={query} />
      )}
      <BenchmarkComparison portfolioId={props.portfolioId} asOf={props.asOf} range={range} />
    </div>
  )
}
