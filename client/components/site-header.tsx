import { useI18n } from '../app/i18n-context'
import { useCurrentRoute } from '../app/route-context'
import { buildPath } from '../../shared/routes/build-path'
import type { RouteName } from '../../shared/routes/route-table'
import { SITE } from '../../shared/site/site'
import { AccountMenu } from './account-menu'
import { LanguageMenu } from './language-menu'

const NAV_ITEMS = [
  { route: 'portfolios', label: 'layout.navPortfolio' },
  { route: 'pricing', label: 'layout.navPricing' },
] as const satisfies readonly { route: RouteName; label: string }[]

/** The portfolio area's screens all count as being "in" the portfolio navigation item. */
const SECTION_OF: Partial<Record<RouteName, RouteName>> = {
  portfolio: 'portfolios',
  transaction: 'portfolios',
  germanTax: 'portfolios',
  turkishTax: 'portfolios',
  germanTaxPerson: 'profile',
  turkishTaxPerson: 'profile',
}

export function SiteHeader() {
  const { t, locale } = useI18n()
  const route = useCurrentRoute()
  const section = route ? (SECTION_OF[route.name] ?? route.name) : null
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a
          className="brand"
          href={buildPath('home', locale)}
          aria-label={t('layout.homeLink', { brand: SITE.brand })}
        >
          <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="8" />
            <path d="M8 22 L14 14 L18 18 L24 9" />
          </svg>
          <span className="brand__name">{SITE.brand}</span>
        </a>
        <nav className="site-nav" aria-label={t('layout.mainNavigation')}>
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.route}>
                <a
                  href={buildPath(item.route, locale)}
                  aria-current={section === item.route ? 'page' : undefined}
                >
                  {t(item.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageMenu />
        <AccountMenu />
      </div>
    </header>
  )
}
