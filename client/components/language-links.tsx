import { useCurrentRoute } from '../app/route-context'
import { LOCALES, type Locale } from '../../shared/i18n/locales'
import { buildPath, switchLocalePath } from '../../shared/routes/build-path'

/**
 * Real links to this screen, with the same parameters, in every language. On an error screen,
 * where there is no screen to switch, they lead to each language's home page.
 */
export function LanguageLinks({ current }: { current: Locale }) {
  const route = useCurrentRoute()
  return (
    <ul className="language-links">
      {LOCALES.map((locale) => {
        const href = route ? switchLocalePath(route, locale.code) : buildPath('home', locale.code)
        const isCurrent = locale.code === current
        return (
          <li key={locale.code}>
            <a
              href={href}
              hrefLang={locale.iso}
              lang={locale.iso}
              aria-current={isCurrent ? 'true' : undefined}
            >
              {locale.name}
            </a>
          </li>
        )
      })}
    </ul>
  )
}
