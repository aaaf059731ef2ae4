import { useI18n } from '../app/i18n-context'
import { formatDate } from '../../shared/i18n/format'
import { LEGAL_DOCUMENTS, loadLegalHtml, type LegalDocument } from '../legal/legal-documents'
import { buildPath } from '../../shared/routes/build-path'
import type { RouteMatch } from '../../shared/routes/match-route'
import { definePage } from './page-definition'

interface LegalData {
  document: LegalDocument
  html: string
}

function documentOf(match: RouteMatch): LegalDocument {
  if (match.name === 'privacy' || match.name === 'terms') return match.name
  throw new Error(`${match.name} is not a legal document`)
}

function LegalPage({ data }: { data: LegalData }) {
  const { t, locale, formatLocale } = useI18n()
  const other: LegalDocument = data.document === 'privacy' ? 'terms' : 'privacy'
  return (
    <article className="legal" aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        {t(`legal.${data.document}`)}
      </h1>
      <p className="legal__updated">
        {t('legal.lastUpdated', {
          date: formatDate(formatLocale, LEGAL_DOCUMENTS[data.document].lastUpdated),
        })}
      </p>
      {/* Trusted HTML: rendered at build time from the project's own Markdown files. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: data.html }} />
      <aside className="legal__other" aria-label={t('legal.otherDocuments')}>
        <a href={buildPath(other, locale)}>{t(`legal.${other}`)}</a>
      </aside>
    </article>
  )
}

export default definePage<LegalData>({
  async load(match) {
    const document = documentOf(match)
    return { document, html: await loadLegalHtml(document, match.locale) }
  },
  Component: LegalPage,
})
