import { useStartPath } from '../auth/use-start-path'
import { useI18n } from '../app/i18n-context'
import { buildPath } from '../../shared/routes/build-path'
import { definePage } from './page-definition'

const TRACKS = ['stocks', 'funds', 'crypto', 'cash'] as const
const AUDIENCE = ['turkey', 'germany', 'multi'] as const
const WHY = ['exact', 'currency', 'methods', 'returns', 'fast', 'private'] as const

interface Card {
  key: string
  title: string
  text: string
}

/** A headed section of cards; the home page has three. */
function CardSection(props: { id: string; title: string; cards: Card[]; layout: string }) {
  return (
    <section className="section" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      <ul className={`cards ${props.layout}`}>
        {props.cards.map((card) => (
          <li key={card.key} className="card">
            <h3>{card.title}</h3>
            <p>{card.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

function HomePage() {
  const { t, locale } = useI18n()
  const startPath = useStartPath()
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

      <CardSection
        id="tracks-heading"
        title={t('home.tracksTitle')}
        layout="cards--four"
        cards={TRACKS.map((key) => ({
          key,
          title: t(`home.tracks.${key}.title`),
          text: t(`home.tracks.${key}.text`),
        }))}
      />
      <CardSection
        id="audience-heading"
        title={t('home.audienceTitle')}
        layout="cards--three"
        cards={AUDIENCE.map((key) => ({
          key,
          title: t(`home.audience.${key}.title`),
          text: t(`home.audience.${key}.text`),
        }))}
      />
      <CardSection
        id="why-heading"
        title={t('home.whyTitle')}
        layout="cards--three cards--plain"
        cards={WHY.map((key) => ({
          key,
          title: t(`home.why.${key}.title`),
          text: t(`home.why.${key}.text`),
        }))}
      />

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
