import { useI18n } from '../app/i18n-context'
import { useGermanTax } from '../portfolio/data/portfolio-queries'
import { ExplainHost } from '../portfolio/explain/explained-figure'
import { GERMAN_NOT_COVERED } from './honesty-notice'
import { InYearPanel } from './in-year-panel'
import { isYearRunning, statementOf } from './statement'
import { statementCsv } from './statement-csv'
import { StatementTable } from './statement-table'
import { TaxActions } from './tax-actions'
import { TaxItemsTable } from './tax-items-table'
import { germanTaxTitle } from './tax-titles'
import { InstrumentsNotice, TaxYearFrame } from './tax-year-frame'

/**
 * A portfolio's year as a German depot, to put beside the bank's Jahressteuerbescheinigung: the
 * statement line by line, every item of income, and in the current year the Freistellungsauftrag
 * used so far and the Vorabpauschalen due next January. Every computed figure explains itself;
 * the year downloads as a CSV and prints as a page.
 */
export function GermanTaxScreen(props: { portfolioId: string; year: number }) {
  const { t, locale } = useI18n()
  const { portfolioId, year } = props
  return (
    <TaxYearFrame
      portfolioId={portfolioId}
      year={year}
      route="germanTax"
      residence="DE"
      texts={{
        heading: 'tax.depot.heading',
        notResident: 'tax.depot.notResident',
        estimate: 'tax.honesty.estimate',
        notCovered: GERMAN_NOT_COVERED,
      }}
      title={(portfolio) => germanTaxTitle(t, portfolio, String(year))}
      taxQuery={useGermanTax(portfolioId, year)}
    >
      {(view, portfolio) => (
        <ExplainHost portfolioId={portfolioId}>
          {/* Without a type a fund has no Teilfreistellung until it is set. */}
          <InstrumentsNotice
            text={t('tax.depot.fundsWithoutType')}
            instruments={view.fundsWithoutType}
            portfolioId={portfolioId}
            warning
          />
          {/* Crypto-assets and commodities: private sales (§ 23 EStG), not capital income. */}
          <InstrumentsNotice
            text={t('tax.depot.notCapitalIncome')}
            instruments={view.notCapitalIncome}
            portfolioId={portfolioId}
          />
          {/* A price of the year before is missing: their Vorabpauschale could not be computed. */}
          <InstrumentsNotice
            text={t('tax.depot.vorabpauschaleUnpriced', {
              year: String(year - 1),
              received: String(year),
            })}
            instruments={view.vorabpauschaleUnpriced.map(({ instrument }) => instrument)}
            portfolioId={portfolioId}
            warning
          />
          {isYearRunning(view) ? <InYearPanel view={view} portfolioId={portfolioId} /> : null}
          <section className="panel" aria-labelledby="statement-heading">
            <h2 id="statement-heading">{t('tax.statement.heading', { year: String(year) })}</h2>
            {/* On paper there is nothing to tap: the lead is left out. */}
            <p className="panel__lead statement-lead">{t('tax.statement.lead')}</p>
            <StatementTable
              sections={statementOf(view)}
              year={view.year}
              asOf={view.asOf}
              currency="EUR"
              caption={t('tax.statement.caption', { year: String(year) })}
            />
            <TaxActions
              csv={() => statementCsv(view, portfolio.name, { t, locale })}
              fileName={t('tax.csv.fileName', { year: String(year) })}
            />
          </section>
          <section className="panel" aria-labelledby="items-heading">
            <h2 id="items-heading">{t('tax.items.heading')}</h2>
            <TaxItemsTable view={view} portfolioId={portfolioId} />
          </section>
        </ExplainHost>
      )}
    </TaxYearFrame>
  )
}
