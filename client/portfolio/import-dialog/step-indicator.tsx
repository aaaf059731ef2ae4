import { useI18n } from '../../app/i18n-context'

export const IMPORT_STEPS = ['upload', 'map', 'preview'] as const
export type ImportStep = (typeof IMPORT_STEPS)[number]

/** Where the user is among the three steps: the current one marked, the done ones ticked. */
export function StepIndicator({ step }: { step: ImportStep }) {
  const { t } = useI18n()
  const current = IMPORT_STEPS.indexOf(step)
  return (
    <ol className="import-steps" aria-label={t('import.dialog.steps.label')}>
      {IMPORT_STEPS.map((name, index) => (
        <li
          key={name}
          className={
            index === current
              ? 'import-steps__step import-steps__step--current'
              : index < current
                ? 'import-steps__step import-steps__step--done'
                : 'import-steps__step'
          }
          aria-current={index === current ? 'step' : undefined}
        >
          <span className="import-steps__number" aria-hidden="true">
            {index + 1}
          </span>
          <span>{t(`import.dialog.steps.${name}`)}</span>
        </li>
      ))}
    </ol>
  )
}
