import { useId, type ReactNode } from 'react'

/**
 * A chart's figures as a table. Its title sits above the scrolling box rather than in a
 * <caption>, so on a narrow screen the table scrolls sideways while the title stays readable;
 * aria-labelledby still names the table by it.
 */
export function ChartTable(props: { title: string; children: ReactNode }) {
  const titleId = useId()
  return (
    <div className="chart__table">
      <p id={titleId} className="chart__table-title">
        {props.title}
      </p>
      <div className="chart__table-wrap">
        <table className="data-table" aria-labelledby={titleId}>
          {props.children}
        </table>
      </div>
    </div>
  )
}
