import { useI18n } from '../app/i18n-context'
import { buildPath } from '../../shared/routes/build-path'
import { SITE } from '../../shared/site/site'
import { LanguageLinks } from './language-links'

export function SiteFooter({ year }: { year: number }) {
  const { t, locale } = useI18n()
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__tagline">{t('layout.footerTagline')}</p>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="site-footer__heading">
            {t('layout.footerLegal')}
          </h2>
          <ul>
            <li>
              <a href={buildPath('privacy', locale)}>{t('legal.privacy')}</a>
            </li>
            <li>
              <a href={buildPath('terms', locale)}>{t('legal.terms')}</a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-languages">
          <h2 id="footer-languages" className="site-footer__heading">
            {t('layout.footerLanguages')}
          </h2>
          <LanguageLinks current={locale} />
        </nav>
        <p className="site-footer__copyright">
          {t('layout.copyright', { year, operator: SITE.operator })}
        </p>
      </div>
    </footer>
  )
}
