import type { GermanTaxView } from '../../shared/api/schemas'
import { useI18n } from '../app/i18n-context'
import { Explained } from '../portfolio/explain/explained-figure'
import { Money } from '../portfolio/screens/figures'
import { statementOf } from './statement'

/**
 * The year's statement, line by line as the bank's Jahressteuerbescheinigung has it: a section
 * per part, "thereof" lines indented under the line they break down, and each section's sum.
 * Every line the engine computes opens its explanation.
 */
export function StatementTable({ view }: { view: GermanTaxView }) {
  const { t } = useI18n()
  const year = String(view.year)
  const next = String(view.year + 1)
  const dates = { asOf: view.asOf }
  return (
    <table className="statement">
      <caption className="visually-hidden">{t('tax.statement.caption', { year })}</caption>
      {statementOf(view).map((section) => (
        <tbody key={section.id}>
          <tr className="statement__section">
            <th scope="colgroup" colSpan={2}>
              {t(section.heading, { year, next })}
            </th>
          </tr>
          {section.lines.map((line) => {
            const amount = <Money amount={line.amount} currency="EUR" />
            return (
              <tr key={line.id} className={`statement__${line.kind}`}>
                <th scope="row">{t(line.label)}</th>
                <td>
                  {line.figure ? (
                    <Explained
                      figure={{ scope: 'germanTax', name: line.figure }}
                      title={t(line.label)}
                      dates={dates}
                    >
                      {amount}
                    </Explained>
                  ) : (
                    amount
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      ))}
    </table>
  )
}
