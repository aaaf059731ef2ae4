import type { DayChange } from '../../../shared/api/schemas'
import { formatDay } from '../../../shared/i18n/format'
import { useI18n } from '../../app/i18n-context'
import { Explained } from '../explain/explained-figure'
import { Gain, Return } from './figures'

/**
 * The last trading day's change as one entry of a `<dl className="figures">`: labelled "Today"
 * when its latest move is of `asOf`, else with that move's day ("Change on Fri, Nov 27"), and
 * with the earliest day when holdings last moved on different days. A dash when nothing moved.
 */
export function DayChangeFigure(props: { dayChange: DayChange; asOf: string; currency: string }) {
  const { t, formatLocale } = useI18n()
  const { change, date, earliestDate } = props.dayChange
  const label =
    date === null || date === props.asOf
      ? t('portfolio.common.dayChange.today')
      : t('portfolio.common.dayChange.on', { date: formatDay(formatLocale, date) })
  const dates = { asOf: props.asOf }
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {date === null ? (
          <span className="figure">–</span>
        ) : (
          <>
            <Explained figure={{ scope: 'dayChange', name: 'change' }} title={label} dates={dates}>
              <Gain amount={change} currency={props.currency} />
            </Explained>{' '}
            <Explained figure={{ scope: 'dayChange', name: 'return' }} title={label} dates={dates}>
              <Return value={props.dayChange.return} />
            </Explained>
          </>
        )}
        {earliestDate !== null && earliestDate !== date ? (
          <span className="cell-note">
            {t('portfolio.common.dayChange.earliest', {
              date: formatDay(formatLocale, earliestDate),
            })}
          </span>
        ) : null}
      </dd>
    </div>
  )
}
