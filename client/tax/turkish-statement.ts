import type { TurkishTaxView } from '../../shared/api/schemas'
import { decimal } from '../../shared/decimal/decimal'
import type { MessageKey } from '../../shared/i18n/messages'
import { TURKISH_TAX_FIGURES } from '../../shared/portfolio/figure-ids'
import type { TurkishTaxFigure } from '../../shared/portfolio/figure-ids'
import type { StatementLine, StatementSection } from './statement'

type Assessment = TurkishTaxView['assessment']
type DeclarationTest = Assessment['turkishDividends']['test']

const isFigure = (id: string): id is TurkishTaxFigure =>
  (TURKISH_TAX_FIGURES as readonly string[]).includes(id)

/** A line of the summary; one the engine computes (its id a figure's) opens its explanation. */
const line = (
  id: string,
  amount: string,
  kind: StatementLine['kind'] = 'line',
  text?: MessageKey,
): StatementLine => ({
  id,
  label: `tax.turkey.lines.${id}` as MessageKey,
  amount,
  figure: isFigure(id) && text === undefined ? { scope: 'turkishTax', name: id } : null,
  kind,
  ...(text ? { text } : {}),
})

/**
 * What a declaration test decided, and why: above the year's amount and declared, not above it,
 * nothing to test, or the year's amount not known yet.
 */
export function testOutcome(test: DeclarationTest): MessageKey {
  if (test.declared === true) return 'tax.turkey.tests.declared'
  if (test.declared === null) return 'tax.turkey.tests.unknown'
  return decimal(test.amount).isZero() ? 'tax.turkey.tests.nothing' : 'tax.turkey.tests.notDeclared'
}

/** A declaration test as three lines: the amount tested, the year's amount, the outcome. */
const testLines = (id: string, test: DeclarationTest): StatementLine[] => [
  line(`${id}Tested`, test.amount, 'part'),
  test.threshold === null
    ? line(`${id}Threshold`, '0', 'part', 'tax.turkey.tests.thresholdUnknown')
    : line(`${id}Threshold`, test.threshold, 'part'),
  line(`${id}Declared`, '0', 'part', testOutcome(test)),
]

/**
 * A year assessed as the Turkish tax sees it, a portfolio's or the person's across portfolios, in
 * the order a resident meets it: the stopaj withheld at source (final; Borsa İstanbul shares at
 * 0 %), the foreign sales and dividends, what goes in the March beyanname with each declaration
 * test, and the beyanname's estimate when the year's tariff and amounts are known. The screens
 * and the CSVs read this.
 */
export function turkishStatementOf(view: { assessment: Assessment }): StatementSection[] {
  const { assessment: a } = view
  const sections: StatementSection[] = [
    {
      id: 'withheld',
      heading: 'tax.turkey.sections.withheld',
      lines: [
        line('bistGains', a.bistShares.gain),
        line('bistTax', '0', 'part', 'tax.turkey.lines.notTaxed'),
        line('fundGains', a.funds.gain),
        line('fundStopaj', a.funds.stopaj, 'part'),
        line('turkishDividends', a.turkishDividends.gross),
        line('turkishDividendStopaj', a.turkishDividends.stopaj, 'part'),
        line(
          'stopaj',
          decimal(a.funds.stopaj).plus(decimal(a.turkishDividends.stopaj)).toString(),
          'sum',
        ),
      ],
    },
    {
      id: 'foreign',
      heading: 'tax.turkey.sections.foreign',
      lines: [
        line('foreignGains', a.foreignSales.gains),
        line('foreignLosses', a.foreignSales.losses),
        line('foreignNetWithoutIndexation', a.foreignSales.netWithoutIndexation),
        line('foreignNet', a.foreignSales.net, 'sum'),
        line('foreignDividends', a.foreignDividends.gross),
        line('foreignTax', a.foreignDividends.foreignTax, 'part'),
      ],
    },
    {
      id: 'declaration',
      heading: 'tax.turkey.sections.declaration',
      lines: [
        line('declaredForeignGains', a.declaration.foreignGains),
        line('declaredTurkishDividends', a.declaration.turkishDividends),
        ...testLines('turkishDividends', a.turkishDividends.test),
        line('declaredForeignDividends', a.declaration.foreignDividends),
        ...testLines('foreignDividends', a.foreignDividends.test),
        line('income', a.declaration.income, 'sum'),
      ],
    },
  ]
  const estimate = a.declaration.estimate
  if (estimate !== null) {
    sections.push({
      id: 'estimate',
      heading: 'tax.turkey.sections.estimate',
      lines: [
        line('tax', estimate.tax),
        line('turkishStopajCredited', estimate.turkishStopajCredited, 'part'),
        line('foreignTaxCredited', estimate.foreignTaxCredited, 'part'),
        line('foreignTaxNotCredited', estimate.foreignTaxNotCredited, 'part'),
        // A negative balance is refunded: the line says so and shows what comes back.
        decimal(estimate.balance).sign() < 0
          ? line('refund', decimal(estimate.balance).neg().toString(), 'sum')
          : line('balance', estimate.balance, 'sum'),
      ],
    })
  }
  return sections
}
