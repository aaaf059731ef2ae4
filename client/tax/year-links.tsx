import { TAX_YEARS } from '../../shared/api/schemas'
import { useI18n } from '../app/i18n-context'

/**
 * Links to the year before (not before 2009, the Abgeltungsteuer's first) and, when `next` says
 * it has begun, the year after; nothing when neither exists.
 */
export function YearLinks(props: { year: number; next: boolean; href: (year: number) => string }) {
  const { t } = useI18n()
  const { year } = props
  const previous = year > TAX_YEARS.first
  if (!previous && !props.next) return null
  return (
    <nav className="year-nav" aria-label={t('tax.years')}>
      {previous ? (
        <a href={props.href(year - 1)} rel="prev">
          ‹ {year - 1}
        </a>
      ) : null}
      {props.next ? (
        <a href={props.href(year + 1)} rel="next">
          {year + 1} ›
        </a>
      ) : null}
    </nav>
  )
}
