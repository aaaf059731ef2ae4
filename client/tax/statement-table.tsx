import { useI18n } from '../app/i18n-context'
import { Explained } from '../portfolio/explain/explained-figure'
import { Money } from '../portfolio/screens/figures'
import type { StatementSection } from './statement'

/**
 * A year's statement, line by line as the bank's or the tax office's papers have it: a section
 * per part, "thereof" lines indented under the line they break down, and each section's sum.
 * Every line the engine computes opens its explanation (as of `asOf`).
 */
export function StatementTable(props: {
  sections: StatementSection[]
  year: number
  asOf: string
  currency: string
  caption: string
}) {
  const { t } = useI18n()
  const year = String(props.year)
  const next = String(props.year + 1)
  const dates = { asOf: props.asOf }
  return (
    <table className="statement">
      <caption className="visually-hidden">{props.caption}</caption>
      {props.sections.map((section) => (
        <tbody key={section.id}>
          <tr className="statement__section">
            <th scope="colgroup" colSpan={2}>
              {t(section.heading, { year, next })}
            </th>
          </tr>
          {section.lines.map((line) => {
            const amount = line.text ? (
              t(line.text)
            ) : (
              <Money amount={line.amount} currency={props.currency} />
            )
            return (
              <tr key={line.id} className={`statement__${line.kind}`}>
                <th scope="row">{t(line.label)}</th>
                <td className={line.text ? 'statement__text' : undefined}>
                  {line.figure ? (
                    <Explained figure={line.figure} title={t(line.label)} dates={dates}>
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
