import { useStartPath } from '../auth/use-start-path'
import { useI18n } from '../app/i18n-context'
import { buildPath } from '../../shared/routes/build-path'
import {
  LANDING_FORMS,
  landingImageHeight,
  landingImagePath,
  landingSrcSet,
  type LandingForm,
  type LandingShot,
  type LandingTheme,
} from './landing-images'
import { definePage } from './page-definition'

/** Each pairs a claim with the screen that shows it. */
const SHOWCASE = ['holdings', 'performance', 'sales'] as const satisfies readonly LandingShot[]
const MORE = ['import', 'export', 'exact', 'languages', 'offline', 'private'] as const

const WIDE = '(min-width: 48rem)'
const DARK = '(prefers-color-scheme: dark)'

/**
 * A screen of the demo account in the visitor's language and theme (the stylesheet follows the
 * system's, so does the picture). With `wideForm`, that form shows on wide screens instead.
 * Above the fold (`eager`) it loads at once; below, only as it nears the viewport.
 */
function ScreenPicture(props: {
  shot: LandingShot
  form: LandingForm
  wideForm?: LandingForm
  alt: string
  sizes: string
  eager?: boolean
  /** The largest image above the fold: fetched before the others. */
  first?: boolean
}) {
  const { locale } = useI18n()
  const { shot, sizes } = props
  const largest = (form: LandingForm) => LANDING_FORMS[form].widths.at(-1) ?? 0
  const source = (form: LandingForm, theme: LandingTheme, media: string) => (
    <source
      media={media}
      srcSet={landingSrcSet({ shot, form, locale, theme })}
      sizes={sizes}
      width={largest(form)}
      height={landingImageHeight(form, largest(form))}
    />
  )
  const fallback = { shot, form: props.form, locale, theme: 'light' as const }
  return (
    <picture>
      {props.wideForm ? source(props.wideForm, 'dark', `${WIDE} and ${DARK}`) : null}
      {props.wideForm ? source(props.wideForm, 'light', WIDE) : null}
      {source(props.form, 'dark', DARK)}
      <img
        src={landingImagePath(fallback, largest(props.form))}
        srcSet={landingSrcSet(fallback)}
        sizes={sizes}
        width={largest(props.form)}
        height={landingImageHeight(props.form, largest(props.form))}
        alt={props.alt}
        loading={props.eager ? 'eager' : 'lazy'}
        fetchPriority={props.first ? 'high' : 'auto'}
        decoding="async"
      />
    </picture>
  )
}

function HomePage() {
  const { t, locale } = useI18n()
  const startPath = useStartPath()
  return (
    <>
      <section className="hero" aria-labelledby="page-heading">
        <div className="hero__text">
          <p className="eyebrow">{t('home.eyebrow')}</p>
          <h1 id="page-heading" tabIndex={-1}>
            {t('home.heroTitle')}
          </h1>
          <p className="lead">{t('home.heroLead')}</p>
          <p className="actions">
            <a className="button button--primary" href={buildPath('portfolios', locale)}>
              {t('home.ctaPrimary')}
            </a>
            <a className="button" href={buildPath('pricing', locale)}>
              {t('home.ctaSecondary')}
            </a>
          </p>
        </div>
        <div className="hero__shots">
          <div className="device device--desktop">
            <ScreenPicture
              shot="overview"
              form="desktop"
              alt={t('home.shots.overviewDesktop')}
              sizes="(min-width: 64rem) 34rem, 88vw"
              eager
              first
            />
          </div>
          <div className="device device--phone">
            <ScreenPicture
              shot="overview"
              form="phone"
              alt={t('home.shots.overviewPhone')}
              sizes="(min-width: 64rem) 12rem, 30vw"
              eager
            />
          </div>
        </div>
      </section>

      {SHOWCASE.map((shot) => (
        <section key={shot} className="section showcase" aria-labelledby={`${shot}-heading`}>
          <div className="showcase__text">
            <h2 id={`${shot}-heading`}>{t(`home.showcase.${shot}.title`)}</h2>
            <p>{t(`home.showcase.${shot}.text`)}</p>
          </div>
          <div className="device device--adaptive">
            <ScreenPicture
              shot={shot}
              form="phone"
              wideForm="desktop"
              alt={t(`home.shots.${shot}`)}
              sizes="(min-width: 64rem) 41rem, (min-width: 48rem) 58vw, 18rem"
            />
          </div>
        </section>
      ))}

      <section className="section" aria-labelledby="more-heading">
        <h2 id="more-heading">{t('home.moreTitle')}</h2>
        <ul className="cards cards--three">
          {MORE.map((key) => (
            <li key={key} className="card">
              <h3>{t(`home.more.${key}.title`)}</h3>
              <p>{t(`home.more.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section closing" aria-labelledby="closing-heading">
        <h2 id="closing-heading">{t('home.closingTitle')}</h2>
        <p>{t('home.closingText')}</p>
        <p className="actions">
          <a className="button button--primary" href={startPath}>
            {t('home.closingCta')}
          </a>
        </p>
      </section>
    </>
  )
}

export default definePage({ Component: HomePage })
