import type { Portfolio } from '../../../shared/api/schemas'
import { buildPath } from '../../../shared/routes/build-path'
import { useI18n } from '../../app/i18n-context'

/** The way back from a portfolio's own screens: the list, then the portfolio once it is known. */
export function PortfolioBreadcrumbs(props: {
  portfolioId: string
  portfolio: Portfolio | undefined
}) {
  const { t, locale } = useI18n()
  return (
    <nav className="breadcrumbs" aria-label={t('portfolio.common.breadcrumbs')}>
      <a href={buildPath('portfolios', locale)}>{t('portfolio.list.heading')}</a>
      {props.portfolio ? (
        <>
          {' › '}
          <a href={buildPath('portfolio', locale, { id: props.portfolioId })}>
            {props.portfolio.name}
          </a>
        </>
      ) : null}
    </nav>
  )
}
