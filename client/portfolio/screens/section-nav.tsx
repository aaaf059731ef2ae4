import { useI18n } from '../../app/i18n-context'

/** A link to each section of a long screen, by the id of the section's heading. */
export function SectionNav(props: { sections: readonly { headingId: string; label: string }[] }) {
  const { t } = useI18n()
  return (
    <nav className="section-nav" aria-label={t('portfolio.detail.sections.label')}>
      <ul>
        {props.sections.map((section) => (
          <li key={section.headingId}>
            <a href={`#${section.headingId}`}>{section.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
