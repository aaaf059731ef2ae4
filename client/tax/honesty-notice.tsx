import { useI18n } from '../app/i18n-context'

/** The cases the German tax view leaves out (docs/tax-germany.md, "What this view does not cover"). */
const NOT_COVERED = [
  'banks',
  'taxReturn',
  'derivatives',
  'corporateActions',
  'oldHoldings',
  'foreignTax',
] as const

/**
 * What every German tax screen says first: the figures are an estimate for checking the bank's,
 * not tax advice, and which cases they do not cover.
 */
export function HonestyNotice() {
  const { t } = useI18n()
  return (
    <div className="notice tax-honesty" role="note">
      <p>{t('tax.honesty.estimate')}</p>
      <details>
        <summary>{t('tax.honesty.notCoveredSummary')}</summary>
        <ul>
          {NOT_COVERED.map((key) => (
            <li key={key}>{t(`tax.honesty.notCovered.${key}`)}</li>
          ))}
        </ul>
      </details>
    </div>
  )
}
