import { buildPath } from '../../shared/routes/build-path'
import { useI18n } from '../app/i18n-context'
import { useTurkishTax } from '../portfolio/data/portfolio-queries'
import { ExplainHost } from '../portfolio/explain/explained-figure'
import { TURKISH_NOT_COVERED } from './honesty-notice'
import { StatementTable } from './statement-table'
import { TaxActions } from './tax-actions'
import { turkishTaxTitle } from './tax-titles'
import { TaxYearFrame } from './tax-year-frame'
import { turkishTaxCsv } from './turkish-tax-csv'
import { TurkishTaxItemsTable } from './turkish-tax-items-table'
import { turkishStatementOf } from './turkish-statement'

/**
 * A portfolio's year as a Turkish resident's tax sees it, laid out like the German depot's:
 * the stopaj withheld at source, the foreign sales and dividends, what goes in the March
 * beyanname and why, its estimate, and every item of the year with its figures lot by lot. Every
 * computed figure explains itself; the year downloads as a CSV and prints as a page.
 */
export function TurkishTaxScreen(props: { portfolioId: string; year: number }) {
  const { t, locale } = useI18n()
  const { portfolioId, year } = props
  return (
    <TaxYearFrame
      portfolioId={portfolioId}
      year={year}
      route="turkishTax"
      residence="TR"
      texts={{
        heading: 'tax.turkey.heading',
        notResident: 'tax.turkey.notResident',
        estimate: 'tax.turkey.honesty.estimate',
        notCovered: TURKISH_NOT_COVERED,
      }}
      title={(portfolio) => turkishTaxTitle(t, portfolio, String(year))}
      taxQuery={useTurkishTax(portfolioId, year)}
    >
      {(view, portfolio) => (
        <ExplainHost portfolioId={portfolioId}>
          <section className="panel" aria-labelledby="statement-heading">
            <h2 id="statement-heading">{t('tax.turkey.summary', { year: String(year) })}</h2>
            <p className="panel__lead statement-lead">{t('tax.turkey.lead')}</p>
            <StatementTable
              sections={turkishStatementOf(view)}
              year={view.year}
              asOf={view.asOf}
              currency="TRY"
              caption={t('tax.turkey.summary', { year: String(year) })}
            />
            <TaxActions
              csv={() => turkishTaxCsv(view, portfolio.name, { t, locale })}
              fileName={t('tax.turkey.fileName', { year: String(year) })}
            />
            <p>
              {t('tax.turkey.acrossPortfolios.lead')}{' '}
              <a href={buildPath('turkishTaxPerson', locale, { year: String(year) })}>
                {t('tax.turkey.acrossPortfolios.link', { year: String(year) })}
              </a>
            </p>
          </section>
          <section className="panel" aria-labelledby="items-heading">
            <h2 id="items-heading">{t('tax.turkey.items.heading')}</h2>
            <TurkishTaxItemsTable view={view} portfolioId={portfolioId} />
          </section>
        </ExplainHost>
      )}
    </TaxYearFrame>
  )
}
