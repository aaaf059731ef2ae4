import type { DayChange, PortfolioReport, PortfolioSummary } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { Explained } from '../explain/explained-figure'
import { DayChangeFigure } from './day-change'
import { Gain, Money, Return } from './figures'
import { TotalReturnHelp } from './invested-capital'
import { RealReturnFigure } from './real-return'

/** The figures a portfolio leads with, on its screen and on its card in the list. */
interface Lead {
  asOf: string
  value: string
  totalGain: string
  totalReturn: number | null
  peakInvestedCapital: string
  dayChange: DayChange
}

/**
 * What a person looks for first, as a `figures` list: the value, the last trading day's change
 * and the total return, each opening how it was calculated.
 */
export function LeadFigures(props: {
  lead: Lead
  currency: string
  className: string
  /** The list's card: the total return real too, beside the nominal one. */
  real?: PortfolioSummary['real']
}) {
  const { t } = useI18n()
  const { lead, currency } = props
  const dates = { asOf: lead.asOf }
  return (
    <dl className={props.className}>
      <div className="figures__lead">
        <dt>{t('portfolio.common.value')}</dt>
        <dd className="figures__main">
          <Explained
            figure={{ scope: 'totals', name: 'value' }}
            title={t('portfolio.common.value')}
            dates={dates}
          >
            <Money amount={lead.value} currency={currency} />
          </Explained>
        </dd>
      </div>
      <DayChangeFigure dayChange={lead.dayChange} asOf={lead.asOf} currency={currency} />
      <div>
        <dt>{t('portfolio.common.totalReturn')}</dt>
        <dd>
          <Explained
            figure={{ scope: 'totals', name: 'totalGain' }}
            title={t('portfolio.common.totalGain')}
            dates={dates}
          >
            <Gain amount={lead.totalGain} currency={currency} />
          </Explained>{' '}
          <Explained
            figure={{ scope: 'totals', name: 'totalReturn' }}
            title={t('portfolio.common.totalReturn')}
            dates={dates}
          >
            <Return value={lead.totalReturn} />
          </Explained>
          {lead.totalReturn === null ? null : (
            <TotalReturnHelp peakInvestedCapital={lead.peakInvestedCapital} currency={currency} />
          )}
        </dd>
      </div>
      {props.real && props.real.index !== null ? (
        <RealReturnFigure real={props.real} index={props.real.index} asOf={lead.asOf} />
      ) : null}
    </dl>
  )
}

/** The portfolio screen's lead figures. */
export function PortfolioSummary({ report }: { report: PortfolioReport }) {
  const { t } = useI18n()
  const lead = { ...report.totals, dayChange: report.dayChange, asOf: report.asOf }
  return (
    <section className="panel portfolio-summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="visually-hidden">
        {t('portfolio.detail.summaryHeading')}
      </h2>
      <LeadFigures
        lead={lead}
        currency={report.baseCurrency}
        className="figures figures--summary"
      />
    </section>
  )
}
