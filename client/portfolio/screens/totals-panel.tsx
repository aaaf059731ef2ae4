import type { MeasuredGains, PortfolioReport } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { formatDate, formatMonth } from '../../../shared/i18n/format'
import type { MessageKey } from '../../../shared/i18n/messages'
import type {
  MeasuredFigure,
  OtherMeasure,
  TotalsFigure,
} from '../../../shared/portfolio/figure-ids'
import type { Measure } from '../../../shared/portfolio/measures'
import { useMeasuredGains } from '../data/portfolio-queries'
import { Explained } from '../explain/explained-figure'
import { Gain, Money, Return } from './figures'
import { InvestedCapital } from './invested-capital'
import { QueryStatus } from './query-status'
import { useIndexName } from './real-return'

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

/**
 * The portfolio's totals, and its gain split into the currency effect and the price effect; with
 * a `measure` other than nominal, the total gain and return in it too, beside the nominal ones.
 */
export function TotalsPanel({
  report,
  portfolioId,
  measure = 'nominal',
}: {
  report: PortfolioReport
  portfolioId: string
  measure?: Measure
}) {
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
      {measure === 'nominal' ? null : (
        <MeasuredTotals portfolioId={portfolioId} measure={measure} asOf={report.asOf} />
      )}
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

/** The measured figures, in the order the nominal ones are read. */
const MEASURED_ROWS: {
  key: Exclude<MeasuredFigure, 'totalReturn'> & keyof MeasuredGains
  label: MessageKey
}[] = [
  { key: 'value', label: 'portfolio.common.value' },
  { key: 'investedCapital', label: 'portfolio.real.investedCapital' },
  { key: 'totalGain', label: 'portfolio.common.totalGain' },
]

/**
 * The total gain and return in the money of the report's date by an index, or in another
 * currency (docs/real-returns.md, rule 11), with what they were measured by; each explains itself.
 */
function MeasuredTotals(props: { portfolioId: string; measure: OtherMeasure; asOf: string }) {
  const { t, formatLocale } = useI18n()
  const indexName = useIndexName()
  const query = useMeasuredGains(props.portfolioId, props.measure, props.asOf)
  const gains = query.data?.body
  const dates = { asOf: props.asOf }
  const subject = gains?.index ? indexName(gains.index.code) : (gains?.currency ?? '')
  const titleOf = (label: MessageKey) =>
    t('portfolio.common.figureOf', { figure: t(label), subject })
  return (
    // The panel's own parts, spaced by its grid as the effects below are.
    <>
      <h3 id="measured-heading" className="panel__subheading">
        {gains?.index
          ? t('portfolio.real.headingReal', { index: subject })
          : t('portfolio.real.headingCurrency', { currency: gains?.currency ?? props.measure })}
      </h3>
      {gains === undefined ? (
        <QueryStatus query={query} />
      ) : (
        <>
          <p className="panel__lead">
            {gains.index
              ? t('portfolio.real.leadReal', {
                  date: formatDate(formatLocale, gains.asOf),
                  index: subject,
                  month: formatMonth(formatLocale, gains.index.month),
                })
              : t('portfolio.real.leadCurrency', { date: formatDate(formatLocale, gains.asOf) })}
            {gains.provisional && gains.index
              ? ` ${t('portfolio.real.provisionalNote', {
                  index: subject,
                  month: formatMonth(formatLocale, gains.index.month),
                })}`
              : null}
          </p>
          <dl className="figures figures--wide">
            {MEASURED_ROWS.map((row) => (
              <div key={row.key}>
                <dt>{t(row.label)}</dt>
                <dd>
                  <Explained
                    figure={{ scope: 'measured', id: props.measure, name: row.key }}
                    title={titleOf(row.label)}
                    dates={dates}
                  >
                    {row.key === 'totalGain' ? (
                      <Gain amount={gains[row.key]} currency={gains.currency} />
                    ) : (
                      <Money amount={gains[row.key]} currency={gains.currency} />
                    )}
                  </Explained>
                </dd>
              </div>
            ))}
            <div>
              <dt>{t('portfolio.common.totalReturn')}</dt>
              <dd>
                <Explained
                  figure={{ scope: 'measured', id: props.measure, name: 'totalReturn' }}
                  title={titleOf('portfolio.common.totalReturn')}
                  dates={dates}
                >
                  <Return value={gains.totalReturn} />
                </Explained>
              </dd>
            </div>
          </dl>
        </>
      )}
    </>
  )
}
