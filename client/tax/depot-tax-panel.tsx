import type { Portfolio } from '../../shared/api/schemas'
import { buildPath } from '../../shared/routes/build-path'
import { useI18n } from '../app/i18n-context'
import { useUserTaxSettings } from '../auth/user-tax-settings'
import { TAX_PANEL_TEXTS, taxRouteOf } from './tax-route'

/**
 * A resident's way from a portfolio to its tax in the country of residence: this year's so far
 * and last year's (a German depot's to check against the bank's Jahressteuerbescheinigung, a
 * Turkish one's for the March beyanname). Nothing for a portfolio with no tax screen.
 */
export function DepotTaxPanel(props: { portfolio: Portfolio; asOf: string }) {
  const { t, locale } = useI18n()
  const tax = useUserTaxSettings()
  const route = taxRouteOf(props.portfolio, tax)
  if (route === null) return null
  const texts = TAX_PANEL_TEXTS[route]
  const year = Number(props.asOf.slice(0, 4))
  const link = (of: number) =>
    buildPath(route, locale, { id: props.portfolio.id, year: String(of) })
  return (
    <section className="panel" aria-labelledby="tax-heading">
      <h2 id="tax-heading">{t(`${texts}.heading`)}</h2>
      <p className="panel__lead">{t(`${texts}.lead`)}</p>
      <ul className="link-list">
        <li>
          <a href={link(year)}>{t(`${texts}.thisYear`, { year: String(year) })}</a>
        </li>
        <li>
          <a href={link(year - 1)}>
            {t(`${texts}.lastYear`, { year: String(year - 1), next: String(year) })}
          </a>
        </li>
      </ul>
    </section>
  )
}
