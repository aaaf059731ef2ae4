import { useId, type ReactNode } from 'react'

/**
 * A table that scrolls sideways on narrow screens inside a focusable, named region, so keyboard
 * users can scroll it too and screen readers announce what it holds.
 */
export function ScrollTable(props: { caption: string; className?: string; children: ReactNode }) {
  const id = useId()
  return (
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table className={props.className ? `data-table ${props.className}` : 'data-table'}>
        <caption id={id}>{props.caption}</caption>
        {props.children}
      </table>
    </div>
  )
}
