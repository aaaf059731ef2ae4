import { useI18n } from '../app/i18n-context'
import { buildPath } from '../routes/build-path'
import { definePage } from './page-definition'

const TRACKS = ['stocks', 'funds', 'crypto', 'cash'] as const
const AUDIENCE = ['turkey', 'germany', 'multi'] as const
const WHY = ['exact', 'currency', 'methods', 'returns', 'fast', 'private'] as const

function HomePage() {
  const { t, locale } = useI18n()
  return (
    <>
      <section className="hero" aria-labelledby="page-heading">
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
      </section>

      <section className="section" aria-labelledby="tracks-heading">
        <h2 id="tracks-heading">{t('home.tracksTitle')}</h2>
        <ul className="cards cards--four">
          {TRACKS.map((key) => (
            <li key={key} className="card">
              <h3>{t(`home.tracks.${key}.title`)}</h3>
              <p>{t(`home.tracks.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="audience-heading">
        <h2 id="audience-heading">{t('home.audienceTitle')}</h2>
        <ul className="cards cards--three">
          {AUDIENCE.map((key) => (
            <li key={key} className="card">
              <h3>{t(`home.audience.${key}.title`)}</h3>
              <p>{t(`home.audience.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="why-heading">
        <h2 id="why-heading">{t('home.whyTitle')}</h2>
        <ul className="cards cards--three">
          {WHY.map((key) => (
            <li key={key} className="card card--plain">
              <h3>{t(`home.why.${key}.title`)}</h3>
              <p>{t(`home.why.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section closing" aria-labelledby="closing-heading">
        <h2 id="closing-heading">{t('home.closingTitle')}</h2>
        <p>{t('home.closingText')}</p>
        <p className="actions">
          <a className="button button--primary" href={buildPath('portfolios', locale)}>
            {t('home.closingCta')}
          </a>
        </p>
      </section>
    </>
  )
}

export default definePage({ Component: HomePage })
