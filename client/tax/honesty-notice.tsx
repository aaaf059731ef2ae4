import type { MessageKey } from '../../shared/i18n/messages'
import { useI18n } from '../app/i18n-context'

/** The cases the German tax view leaves out (docs/tax-germany.md, "What this view does not cover"). */
export const GERMAN_NOT_COVERED = [
  'tax.honesty.notCovered.banks',
  'tax.honesty.notCovered.taxReturn',
  'tax.honesty.notCovered.derivatives',
  'tax.honesty.notCovered.corporateActions',
  'tax.honesty.notCovered.oldHoldings',
  'tax.honesty.notCovered.foreignTax',
] as const satisfies readonly MessageKey[]

/** The cases the Turkish tax view leaves out (docs/tax-turkey.md, "What this view does not cover"). */
export const TURKISH_NOT_COVERED = [
  'tax.turkey.honesty.notCovered.otherIncome',
  'tax.turkey.honesty.notCovered.oldHoldings',
  'tax.turkey.honesty.notCovered.investmentTrusts',
  'tax.turkey.honesty.notCovered.derivatives',
  'tax.turkey.honesty.notCovered.fixedIncome',
  'tax.turkey.honesty.notCovered.crypto',
  'tax.turkey.honesty.notCovered.dayTrading',
  'tax.turkey.honesty.notCovered.fundDistributions',
  'tax.turkey.honesty.notCovered.foreignDividends',
  'tax.turkey.honesty.notCovered.yearEnd',
  'tax.turkey.honesty.notCovered.corporate',
  'tax.turkey.honesty.notCovered.corporateActions',
] as const satisfies readonly MessageKey[]

/**
 * What every tax screen says first: the figures are an estimate (`estimate`), not tax advice,
 * and which cases they do not cover (`notCovered`).
 */
export function HonestyNotice(props: { estimate: MessageKey; notCovered: readonly MessageKey[] }) {
  const { t } = useI18n()
  return (
    <div className="notice tax-honesty" role="note">
      <p>{t(props.estimate)}</p>
      <details>
        <summary>{t('tax.honesty.notCoveredSummary')}</summary>
        <ul>
          {props.notCovered.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      </details>
    </div>
  )
}
