import type { PortfolioReport } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import type { MessageKey } from '../../../shared/i18n/messages'
import { Gain, Money } from './figures'
import { InvestedCapital } from './invested-capital'

type Totals = PortfolioReport['totals']

/** Plain figures, then gains (signed and coloured), in the order a reader adds them up. */
const ROWS: { key: keyof Totals; label: MessageKey; gain: boolean }[] = [
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
  // The exchange rate's part of every gain (held, sold, and cash held in other currencies).
  const effects: { label: MessageKey; amount: string }[] = [
    { label: 'portfolio.detail.totals.currencyEffect', amount: totals.unrealizedCurrencyEffect },
    { label: 'portfolio.detail.totals.priceEffect', amount: totals.unrealizedPriceEffect },
    {
      label: 'portfolio.detail.totals.realizedCurrencyEffect',
      amount: totals.realizedCurrencyEffect,
    },
    { label: 'portfolio.detail.totals.realizedPriceEffect', amount: totals.realizedPriceEffect },
    // Only a portfolio that records cash holds money in other currencies.
    ...(totals.cashBalance === null
      ? []
      : [
          {
            label: 'portfolio.detail.totals.cashCurrencyEffect' as const,
            amount: totals.cashCurrencyEffect,
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
              {row.gain ? (
                <Gain amount={String(totals[row.key])} currency={currency} />
              ) : (
                <Money amount={String(totals[row.key])} currency={currency} />
              )}
            </dd>
          </div>
        ))}
        <InvestedCapital totals={totals} currency={currency} />
        {totals.cashBalance !== null ? (
          <div>
            <dt>{t('portfolio.detail.totals.cash')}</dt>
            <dd>
              <Money amount={totals.cashBalance} currency={currency} />
            </dd>
          </div>
        ) : null}
      </dl>
      <h3 className="panel__subheading">{t('portfolio.detail.totals.effectsHeading')}</h3>
      <p className="panel__lead">{t('portfolio.detail.totals.effectsLead')}</p>
      <dl className="figures figures--wide">
        {effects.map((effect) => (
          <div key={effect.label}>
            <dt>{t(effect.label)}</dt>
            <dd>
              <Gain amount={effect.amount} currency={currency} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
