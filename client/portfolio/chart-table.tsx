import { useId, type ReactNode } from 'react'

/** A column of a chart's table: its heading, and whether it holds figures (aligned right). */
export interface ChartColumn {
  label: ReactNode
  numeric?: boolean
}

/** A row: its key, then one cell per column; the first names the row (a date). */
export interface ChartRow {
  key: string
  cells: readonly ReactNode[]
}

/**
 * A chart's figures as a table. Its title sits above the scrolling box rather than in a
 * <caption>, so on a narrow screen the table scrolls sideways while the title stays readable;
 * aria-labelledby still names the table by it. The scrolling box takes the focus, so it can be
 * scrolled from the keyboard.
 */
export function ChartTable(props: {
  title: string
  columns: readonly ChartColumn[]
  rows: readonly ChartRow[]
}) {
  const titleId = useId()
  const numeric = (index: number) => (props.columns[index]?.numeric ? 'numeric' : undefined)
  return (
    <div className="chart__table">
      <p id={titleId} className="chart__table-title">
        {props.title}
      </p>
      <div className="chart__table-wrap" tabIndex={0} role="region" aria-labelledby={titleId}>
        <table className="data-table" aria-labelledby={titleId}>
          <thead>
            <tr>
              {props.columns.map((column, index) => (
                <th key={index} scope="col" className={numeric(index)}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map(({ key, cells: [first, ...rest] }) => (
              <tr key={key}>
                <th scope="row">{first}</th>
                {rest.map((cell, index) => (
                  <td key={index} className={numeric(index + 1)}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}
