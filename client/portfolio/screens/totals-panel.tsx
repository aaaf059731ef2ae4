import type { PortfolioReport } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import type { MessageKey } from '../../../shared/i18n/messages'
import type { TotalsFigure } from '../../../shared/portfolio/figure-ids'
import { Explained } from '../explain/explained-figure'
import { Gain, Money } from './figures'
import { InvestedCapital } from './invested-capital'

type Totals = PortfolioReport['totals']

/** Plain figures, then gains (signed and coloured), in the order a reader adds them up. */
const ROWS: { key: keyof Totals & TotalsFigure; label: MessageKey; gain: boolean }[] = [
  { key: 'value', label: 'portfolio.common.value', gain: false },
  { key: 'totalGain', label: 'portfolio.common.totalGain', gain: true },
  { key: 'unrealizedGain', label: 'portfolio.detail.totals.unrealized', gain: true },
  { key: 'realizedGainBeforeTax', label: 'portfolio.detail.totals.realizedBeforeTax', gain: true },
  { key: 'realizedGain', label: 'portfolio.detail.totals.realized', gain: true },
  { key: 'dividends', label: 'portfolio.detail.totals.dividends', gain: true },
  { key: 'interest', label: 'portfolio.detail.totals.interest', gain: true },
]

/** The portfolio's totals, and its gain split into the currency effect and the price effect. */
export function TotalsPanel({ report }: { report: PortfolioReport }) {
  const { t } = useI18n()
  const { totals, baseCurrency: currency } = report
  const dates = { asOf: report.asOf }
  // The exchange rate's part of every gain (held, sold, and cash held in other currencies).
  const effects: { key: TotalsFigure & keyof Totals; label: MessageKey }[] = [
    { key: 'unrealizedCurrencyEffect', label: 'portfolio.detail.totals.currencyEffect' },
    { key: 'unrealizedPriceEffect', label: 'portfolio.detail.totals.priceEffect' },
    { key: 'realizedCurrencyEffect', label: 'portfolio.detail.totals.realizedCurrencyEffect' },
    { key: 'realizedPriceEffect', label: 'portfolio.detail.totals.realizedPriceEffect' },
    // Only a portfolio that records cash holds money in other currencies.
    ...(totals.cashBalance === null
      ? []
      : [
          {
            key: 'cashCurrencyEffect' as const,
            label: 'portfolio.detail.totals.cashCurrencyEffect' as const,
          },
        ]),
  ]
  return (
    <section className="panel" aria-labelledby="totals-heading">
      <h2 id="totals-heading">{t('portfolio.detail.totals.heading')}</h2>
      <dl className="figures figures--wide">
        {ROWS.map((row) => (
          <div key={row.key} className={row.key === 'value' ? 'figures__lead' : undefined}>
            <dt>{t(row.label)}</dt>
            <dd className={row.key === 'value' ? 'figures__main' : undefined}>
              <Explained
                figure={{ scope: 'totals', name: row.key }}
                title={t(row.label)}
                dates={dates}
              >
                {row.gain ? (
                  <Gain amount={String(totals[row.key])} currency={currency} />
                ) : (
                  <Money amount={String(totals[row.key])} currency={currency} />
                )}
              </Explained>
            </dd>
          </div>
        ))}
        <InvestedCapital totals={totals} currency={currency} asOf={report.asOf} />
        {totals.cashBalance !== null ? (
          <div>
            <dt>{t('portfolio.detail.totals.cash')}</dt>
            <dd>
              <Explained
                figure={{ scope: 'totals', name: 'cashBalance' }}
                title={t('portfolio.detail.totals.cash')}
                dates={dates}
              >
                <Money amount={totals.cashBalance} currency={currency} />
              </Explained>
            </dd>
          </div>
        ) : null}
      </dl>
      <h3 className="panel__subheading">{t('portfolio.detail.totals.effectsHeading')}</h3>
      <p className="panel__lead">{t('portfolio.detail.totals.effectsLead')}</p>
      <dl className="figures figures--wide">
        {effects.map((effect) => (
          <div key={effect.key}>
            <dt>{t(effect.label)}</dt>
            <dd>
              <Explained
                figure={{ scope: 'totals', name: effect.key }}
                title={t(effect.label)}
                dates={dates}
              >
                <Gain amount={String(totals[effect.key])} currency={currency} />
              </Explained>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
