import type { Holding, Lot } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import {
  formatDate,
  formatMoney,
  formatNumber,
  formatAveragePrice,
} from '../../../shared/i18n/format'
import { decimal } from '../../../shared/decimal/decimal'
import { heldOverAYear } from '../holding-period'
import { publishedDecimals } from '../../../shared/portfolio/price-providers'
import type { CostBasisMethod } from '../../../shared/portfolio/portfolio-kinds'
import { useOpenLots } from '../data/portfolio-queries'
import { QueryStatus } from './query-status'
import { ScrollTable, cardCell } from './scroll-table'

/** A lot's cost per unit, divided as the engine divides an average cost. */
function unitCost(lot: Lot): string {
  return decimal(lot.cost.instrument).div(decimal(lot.quantity)).toString()
}

/** How long a lot has been held: days, and whether that is more than a year. */
function HoldingPeriod({ lot, asOf }: { lot: Lot; asOf: string }) {
  const { t, plural, formatLocale } = useI18n()
  return (
    <>
      {plural('portfolio.common.days', lot.holdingPeriodDays, {
        count: formatNumber(formatLocale, lot.holdingPeriodDays),
      })}
      {heldOverAYear(lot.acquiredDate, asOf) ? (
        <span className="cell-note">{t('portfolio.instrument.position.overAYear')}</span>
      ) : null}
    </>
  )
}

interface LotsOf {
  holding: Holding
  method: CostBasisMethod
  baseCurrency: string
  /** The report's date, up to which holding periods count. */
  asOf: string
}

/** The lots of a holding, read when its screen shows it. */
export function HoldingLots(props: LotsOf & { portfolioId: string }) {
  const { portfolioId, ...of } = props
  const query = useOpenLots(portfolioId, of.holding.instrument.id, of.asOf)
  if (!query.data) return <QueryStatus query={query} />
  return <OpenLots {...of} lots={query.data.body.lots} />
}

/**
 * Where the units held came from. FIFO: each lot still held, oldest first, with its date, units,
 * cost and holding period. Average cost: the one pool, at its average cost and date.
 */
export function OpenLots(props: LotsOf & { lots: readonly Lot[] }) {
  const { t, formatLocale } = useI18n()
  const { holding, asOf } = props
  const currency = holding.currency
  const published = publishedDecimals(holding.instrument)
  const foreign = currency !== props.baseCurrency
  const quantity = (value: string) =>
    formatNumber(formatLocale, value, { maximumFractionDigits: 8 })
  const pool = props.lots[0]
  if (props.method === 'AVERAGE') {
    if (!pool) return null
    return (
      <>
        <h3 className="panel__subheading">{t('portfolio.instrument.position.poolHeading')}</h3>
        <p className="panel__lead">{t('portfolio.instrument.position.pool')}</p>
        <dl className="figures figures--wide">
          <div>
            <dt>{t('portfolio.instrument.position.poolCost')}</dt>
            <dd>
              {formatAveragePrice(
                formatLocale,
                holding.averageCost,
                currency,
                holding.price,
                published,
              )}
            </dd>
          </div>
          <div>
            <dt>{t('portfolio.instrument.position.poolDate')}</dt>
            <dd>{formatDate(formatLocale, pool.acquiredDate)}</dd>
          </div>
          <div>
            <dt>{t('portfolio.instrument.position.poolHeld')}</dt>
            <dd>
              <HoldingPeriod lot={pool} asOf={asOf} />
            </dd>
          </div>
        </dl>
      </>
    )
  }
  const labels = {
    acquired: t('portfolio.instrument.position.acquired'),
    quantity: t('portfolio.detail.holdings.quantity'),
    unitCost: t('portfolio.instrument.position.unitCost'),
    lotCost: t('portfolio.instrument.position.lotCost'),
    held: t('portfolio.instrument.position.held'),
  }
  return (
    <>
      <h3 className="panel__subheading">{t('portfolio.instrument.position.lots')}</h3>
      <ScrollTable caption={t('portfolio.instrument.position.lotsCaption')}>
        <thead>
          <tr>
            <th scope="col">{labels.acquired}</th>
            <th scope="col">{labels.quantity}</th>
            <th scope="col">{labels.unitCost}</th>
            <th scope="col">{labels.lotCost}</th>
            <th scope="col">{labels.held}</th>
          </tr>
        </thead>
        <tbody>
          {props.lots.map((lot) => (
            <tr key={lot.acquiredBy ?? lot.acquiredDate}>
              <th scope="row" {...cardCell('key', labels.acquired)}>
                {formatDate(formatLocale, lot.acquiredDate)}
              </th>
              <td {...cardCell('key', labels.quantity)}>{quantity(lot.quantity)}</td>
              <td {...cardCell('key', labels.unitCost)}>
                {formatAveragePrice(
                  formatLocale,
                  unitCost(lot),
                  currency,
                  holding.price,
                  published,
                )}
              </td>
              <td {...cardCell('key', labels.lotCost)}>
                {formatMoney(formatLocale, lot.cost.instrument, currency)}
                {foreign ? (
                  <span className="cell-note">
                    {formatMoney(formatLocale, lot.cost.base, props.baseCurrency)}
                  </span>
                ) : null}
              </td>
              <td {...cardCell('key', labels.held)}>
                <HoldingPeriod lot={lot} asOf={asOf} />
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </>
  )
}
