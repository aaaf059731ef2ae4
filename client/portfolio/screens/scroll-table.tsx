import { useId, useState, type ReactNode } from 'react'
import { useI18n } from '../../app/i18n-context'

/**
 * A table inside a focusable, named region. From 640 px up it is a table that scrolls sideways
 * when it must (keyboard users can scroll it too, and screen readers announce what it holds);
 * below 640 px each row is a card that shows its title and key figures, the rest one tap away
 * (see `cardCell` and `CardDetailsToggle`), so nothing that matters sits off-screen.
 */
export function ScrollTable(props: { caption: string; className?: string; children: ReactNode }) {
  const id = useId()
  const className = ['data-table', 'data-table--cards', props.className].filter(Boolean).join(' ')
  return (
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table className={className}>
        <caption id={id}>{props.caption}</caption>
        {props.children}
      </table>
    </div>
  )
}

/**
 * A cell's part in the phone card: the card's title, a key figure (always shown, under its
 * label), a line (label and figure side by side), a detail (a line shown once the row is opened)
 * or the row's actions. `label` is the column's name, printed with the figure when the header
 * row is not shown.
 */
export function cardCell(
  part: 'title' | 'key' | 'line' | 'detail' | 'actions',
  label?: string,
  className?: string,
) {
  return {
    className: [`card-${part}`, className].filter(Boolean).join(' '),
    'data-label': label,
  }
}

/** Which rows of a table show their details as cards (phones); rows are closed at first. */
export function useOpenRows() {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set())
  return {
    isOpen: (id: string) => open.has(id),
    rowProps: (id: string) => ({ 'data-open': open.has(id) ? '' : undefined }),
    toggle: (id: string) =>
      setOpen((current) => {
        const next = new Set(current)
        if (!next.delete(id)) next.add(id)
        return next
      }),
  }
}

/** Opens and closes a card's details; shown only where rows are cards. */
export function CardDetailsToggle(props: { open: boolean; which: string; onToggle(): void }) {
  const { t } = useI18n()
  return (
    <button
      type="button"
      className="card-toggle card-only"
      aria-expanded={props.open}
      aria-label={t(props.open ? 'portfolio.common.lessOf' : 'portfolio.common.moreOf', {
        which: props.which,
      })}
      onClick={props.onToggle}
    >
      <span aria-hidden="true">
        {t(props.open ? 'portfolio.common.less' : 'portfolio.common.more')}
      </span>
    </button>
  )
}
