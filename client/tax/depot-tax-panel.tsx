import type { Portfolio } from '../../shared/api/schemas'
import { buildPath } from '../../shared/routes/build-path'
import { useI18n } from '../app/i18n-context'
import { useUserTaxSettings } from '../auth/user-tax-settings'
import { isGermanDepot } from './german-depot'

/**
 * A German resident's way from a euro portfolio to its tax: this year's so far and last year's,
 * to check against the bank's Jahressteuerbescheinigung. Nothing for anyone else.
 */
export function DepotTaxPanel(props: { portfolio: Portfolio; asOf: string }) {
  const { t, locale } = useI18n()
  const tax = useUserTaxSettings()
  if (!isGermanDepot(props.portfolio, tax)) return null
  const year = Number(props.asOf.slice(0, 4))
  const link = (of: number) =>
    buildPath('germanTax', locale, { id: props.portfolio.id, year: String(of) })
  return (
    <section className="panel" aria-labelledby="tax-heading">
      <h2 id="tax-heading">{t('portfolio.detail.tax.heading')}</h2>
      <p className="panel__lead">{t('portfolio.detail.tax.lead')}</p>
      <ul className="link-list">
        <li>
          <a href={link(year)}>{t('portfolio.detail.tax.thisYear', { year: String(year) })}</a>
        </li>
        <li>
          <a href={link(year - 1)}>
            {t('portfolio.detail.tax.lastYear', { year: String(year - 1) })}
          </a>
        </li>
      </ul>
    </section>
  )
}
