import type { Holding } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { formatNumber, formatAveragePrice } from '../../../shared/i18n/format'
import type { CostBasisMethod } from '../../../shared/portfolio/portfolio-kinds'
import type { ReactNode } from 'react'
import type { HoldingFigure } from '../../../shared/portfolio/figure-ids'
import { Explained } from '../explain/explained-figure'
import { Gain, HoldingPrice, Money, Return } from './figures'
import { HoldingLots } from './open-lots'
import { publishedDecimals } from '../../../shared/portfolio/price-providers'

/**
 * The open position in one instrument: units, cost, value, gain and the lots (or pool) the units
 * came from; or that it is closed.
 */
export function PositionPanel({
  portfolioId,
  holding,
  method,
  baseCurrency,
  asOf,
}: {
  portfolioId: string
  holding: Holding | null
  method: CostBasisMethod
  baseCurrency: string
  /** The report's date. */
  asOf: string
}) {
  const { t, formatLocale } = useI18n()
  /** One of the holding's figures, opening how it was calculated. */
  const explained = (name: HoldingFigure, title: string, figure: ReactNode) =>
    holding ? (
      <Explained
        figure={{ scope: 'holding', id: holding.instrument.id, name }}
        title={t('portfolio.common.figureOf', { figure: title, subject: holding.instrument.code })}
        dates={{ asOf }}
      >
        {figure}
      </Explained>
    ) : null
  return (
    <section className="panel" aria-labelledby="position-heading">
      <h2 id="position-heading">{t('portfolio.instrument.position.heading')}</h2>
      {holding ? (
        <>
          <dl className="figures figures--wide">
            <div>
              <dt>{t('portfolio.detail.holdings.quantity')}</dt>
              <dd className="figures__main">
                {explained(
                  'quantity',
                  t('portfolio.detail.holdings.quantity'),
                  formatNumber(formatLocale, holding.quantity, { maximumFractionDigits: 8 }),
                )}
              </dd>
            </div>
            <div>
              <dt>{t('portfolio.detail.holdings.averageCost')}</dt>
              <dd>
                {explained(
                  'averageCost',
                  t('portfolio.detail.holdings.averageCost'),
                  formatAveragePrice(
                    formatLocale,
                    holding.averageCost,
                    holding.currency,
                    holding.price,
                    publishedDecimals(holding.instrument),
                  ),
                )}
              </dd>
            </div>
            <div>
              <dt>{t('portfolio.instrument.position.costBasis')}</dt>
              <dd>
                {explained(
                  'costBasis',
                  t('portfolio.instrument.position.costBasis'),
                  <Money amount={holding.costBasis.base} currency={baseCurrency} />,
                )}
              </dd>
            </div>
            <div>
              <dt>{t('portfolio.common.value')}</dt>
              <dd>
                {explained(
                  'marketValue',
                  t('portfolio.common.value'),
                  <Money amount={holding.marketValue.base} currency={baseCurrency} />,
                )}
              </dd>
            </div>
            <div>
              <dt>{t('portfolio.detail.holdings.gain')}</dt>
              <dd>
                {explained(
                  'unrealizedGain',
                  t('portfolio.detail.holdings.gain'),
                  <Gain amount={holding.unrealizedGain.base} currency={baseCurrency} />,
                )}{' '}
                {explained(
                  'unrealizedReturn',
                  t('portfolio.detail.holdings.return'),
                  <Return value={holding.unrealizedReturn.base} />,
                )}
              </dd>
            </div>
            <div>
              <dt>{t('portfolio.instrument.position.price')}</dt>
              <dd>
                <HoldingPrice holding={holding} />
              </dd>
            </div>
          </dl>
          <HoldingLots
            portfolioId={portfolioId}
            holding={holding}
            method={method}
            baseCurrency={baseCurrency}
            asOf={asOf}
          />
        </>
      ) : (
        <p className="muted">{t('portfolio.instrument.position.closed')}</p>
      )}
    </section>
  )
}
