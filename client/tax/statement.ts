import type { GermanTaxView } from '../../shared/api/schemas'
import { decimal, sum } from '../../shared/decimal/decimal'
import type { MessageKey } from '../../shared/i18n/messages'
import type { FigureRef, GermanTaxFigure } from '../../shared/portfolio/figure-ids'

/**
 * One line of the statement: what it is, its amount in euros (a decimal string), and the figure
 * that explains it when the engine has one. `part` lines are "thereof" lines under the one
 * before; `sum` lines close a section. A line with `text` says that instead of an amount (a
 * declaration test's outcome).
 */
export interface StatementLine {
  id: string
  label: MessageKey
  amount: string
  figure: FigureRef | null
  kind: 'line' | 'part' | 'sum'
  text?: MessageKey
}

/** A part of a tax statement: its heading (given the year and the next) and its lines. */
export interface StatementSection {
  id: string
  heading: MessageKey
  lines: StatementLine[]
}

type Item = GermanTaxView['items'][number]

const line = (
  id: string,
  amount: string,
  figure: GermanTaxFigure | null,
  kind: StatementLine['kind'] = 'line',
): StatementLine => ({
  id,
  label: `tax.lines.${id}` as MessageKey,
  amount,
  figure: figure === null ? null : { scope: 'germanTax', name: figure },
  kind,
})

const total = (items: readonly Item[], pick: (item: Item) => string) =>
  sum(items.map((item) => decimal(pick(item))))

/**
 * A depot's year laid out as a bank's Jahressteuerbescheinigung lays it out, so the two can be
 * read side by side: the capital income by pot with the losses carried in, the Freistellungsauftrag,
 * the tax withheld, the foreign tax, and the losses not offset at the year's end. Lines that are
 * zero and only break down another (dividends, interest, …) are left out; the screen and the CSV
 * both read this.
 */
export function statementOf(view: GermanTaxView): StatementSection[] {
  const { assessment: a } = view
  const general = view.items.filter((item) => item.pot === 'general')
  const ofKind = (kind: Item['kind']) =>
    total(
      general.filter((item) => item.kind === kind),
      (item) => item.amount,
    )
  const parts = [
    line('dividends', ofKind('dividend').toString(), null, 'part'),
    line('interest', ofKind('interest').toString(), null, 'part'),
    line('vorabpauschale', ofKind('vorabpauschale').toString(), null, 'part'),
    line('otherSales', ofKind('sale').toString(), null, 'part'),
  ].filter((part) => !decimal(part.amount).isZero())
  const teilfreistellung = total(view.items, (item) => item.gross).minus(
    total(view.items, (item) => item.amount),
  )
  const churchTax = view.churchTaxRate !== '0'
  const withheld = sum(
    [a.kapESt, a.soli, ...(churchTax ? [a.churchTax] : [])].map((amount) => decimal(amount)),
  )
  const sections: StatementSection[] = [
    {
      id: 'income',
      heading: 'tax.sections.income',
      lines: [
        line('shareGains', a.shareGains, 'shareGains'),
        line('shareLosses', a.shareLosses, 'shareLosses'),
        line('sharesCarriedIn', a.carriedIn.shares, null),
        line('generalIncome', a.generalIncome, 'generalIncome'),
        ...parts,
        line('generalCarriedIn', a.carriedIn.general, null),
        ...(teilfreistellung.isZero()
          ? []
          : [line('teilfreistellung', teilfreistellung.toString(), null)]),
        line('income', a.income, 'income', 'sum'),
      ],
    },
    {
      id: 'allowance',
      heading: 'tax.sections.allowance',
      lines: [
        line('freistellungsauftrag', view.freistellungsauftrag, null),
        line('allowanceUsed', a.allowanceUsed, 'allowanceUsed'),
        line('allowanceLeft', a.allowanceLeft, 'allowanceLeft'),
        line('taxable', a.taxable, 'taxable', 'sum'),
      ],
    },
    {
      id: 'tax',
      heading: 'tax.sections.tax',
      lines: [
        line('kapESt', a.kapESt, 'kapESt'),
        line('soli', a.soli, 'soli'),
        ...(churchTax ? [line('churchTax', a.churchTax, 'churchTax')] : []),
        line('withheld', withheld.toString(), null, 'sum'),
      ],
    },
  ]
  if (!decimal(a.foreignTax.creditable).isZero()) {
    sections.push({
      id: 'foreignTax',
      heading: 'tax.sections.foreignTax',
      lines: [
        line('foreignTaxCreditable', a.foreignTax.creditable, 'foreignTaxCreditable'),
        line('foreignTaxCredited', a.foreignTax.credited, 'foreignTaxCredited'),
        line('foreignTaxLapsed', a.foreignTax.lapsed, 'foreignTaxLapsed'),
      ],
    })
  }
  sections.push({
    id: 'losses',
    heading: 'tax.sections.losses',
    lines: [
      line('carriedOutShares', a.carriedOut.shares, 'carriedOutShares'),
      line('carriedOutGeneral', a.carriedOut.general, 'carriedOutGeneral'),
    ],
  })
  return sections
}

/** The share of the Freistellungsauftrag used, from 0 to 1; null when none was given. */
export function allowanceShareUsed(view: GermanTaxView): number | null {
  const given = decimal(view.freistellungsauftrag)
  if (given.isZero()) return null
  return decimal(view.assessment.allowanceUsed).div(given).toNumber()
}

/** Whether the view runs only to today: the year is not over yet. */
export const isYearRunning = (view: { year: number; asOf: string }) =>
  view.asOf < `${view.year}-12-31`
