import type { DayChange } from '../../../shared/api/schemas'
import { formatDay } from '../../../shared/i18n/format'
import { useI18n } from '../../app/i18n-context'
import { Gain, Return } from './figures'

/**
 * The last trading day's change as one entry of a `<dl className="figures">`: labelled "Today"
 * when its latest move is of `asOf`, else with that move's day ("Change on Fri, Nov 27"), and
 * with the earliest day when holdings last moved on different days. A dash when nothing moved.
 */
export function DayChangeFigure(props: { dayChange: DayChange; asOf: string; currency: string }) {
  const { t, formatLocale } = useI18n()
  const { change, date, earliestDate } = props.dayChange
  return (
    <div>
      <dt>
        {date === null || date === props.asOf
          ? t('portfolio.common.dayChange.today')
          : t('portfolio.common.dayChange.on', { date: formatDay(formatLocale, date) })}
      </dt>
      <dd>
        {date === null ? (
          <span className="figure">–</span>
        ) : (
          <>
            <Gain amount={change} currency={props.currency} />{' '}
            <Return value={props.dayChange.return} />
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
