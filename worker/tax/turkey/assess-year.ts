import { ZERO, decimal, sum } from '../../../shared/decimal/decimal'
import type { Decimal } from '../../../shared/decimal/decimal'
import type { ForeignDividend, TurkishDividend, TurkishTaxItem } from './tax-items'
import {
  dividendDeclarationAmount,
  foreignIncomeDeclarationAmount,
  incomeTax,
  roundTax,
} from './tax-rules'

/** A declaration test of the year (rules 4 and 11): is `amount` above the year's amount? */
export interface DeclarationTest {
  amount: Decimal
  /** The amount it must exceed to be declared; null when the year's is not known. */
  threshold: Decimal | null
  /** Null when there is something to test and the year's amount is not known. */
  declared: boolean | null
}

/** The March beyanname's estimate, as if the portfolio were the person's only income (rule 5). */
export interface DeclarationEstimate {
  /** By the year's tariff for income other than wages, rounded half up to the kuruş. */
  tax: Decimal
  /** The stopaj of declared Turkish dividends, on the exempt half too (rule 4). */
  turkishStopajCredited: Decimal
  /** Foreign tax credited, at most the tax's share on each dividend (GVK 123, rule 12). */
  foreignTaxCredited: Decimal
  /** The year's foreign tax left uncredited: beyond that share, or on dividends not declared. */
  foreignTaxNotCredited: Decimal
  /** Tax less credits: to pay when positive, refunded when negative (red ve iade). */
  balance: Decimal
}

export interface TurkishYearAssessment {
  year: number
  /** Borsa İstanbul share sales: their gains, at 0 % stopaj, nothing declared (rule 2). */
  bistShares: { gain: Decimal }
  /** TEFAS fund sales: their gains and the stopaj withheld on them, final (rule 3). */
  funds: { gain: Decimal; stopaj: Decimal }
  /** Turkish dividends: gross, stopaj withheld, and the test on their half (rule 4). */
  turkishDividends: { gross: Decimal; stopaj: Decimal; test: DeclarationTest }
  /**
   * Foreign share and fund sales (rules 6–9): the year's gains and losses after indexation, their
   * net never below zero, and the net as it would be without indexation.
   */
  foreignSales: { gains: Decimal; losses: Decimal; net: Decimal; netWithoutIndexation: Decimal }
  /** Foreign dividends: gross and tax withheld abroad in lira, and the year's test (rule 11). */
  foreignDividends: { gross: Decimal; foreignTax: Decimal; test: DeclarationTest }
  /** What goes in the beyanname, filed in March of the next year (rule 5). */
  declaration: {
    foreignGains: Decimal
    foreignDividends: Decimal
    /** The half left after the GVK 22/3 exemption. */
    turkishDividends: Decimal
    income: Decimal
    /** Null for a year without its tariff, or a test whose year's amount is not known. */
    estimate: DeclarationEstimate | null
  }
}

const TWO = decimal('2')

const max = (a: Decimal, b: Decimal): Decimal => (a.gt(b) ? a : b)
const min = (a: Decimal, b: Decimal): Decimal => (a.lt(b) ? a : b)

/** Declared when the amount exceeds the year's amount; nothing to test is never declared. */
function test(amount: Decimal, threshold: Decimal | null): DeclarationTest {
  const declared = amount.isZero() ? false : threshold === null ? null : amount.gt(threshold)
  return { amount, threshold, declared }
}

/**
 * A year's figures of the Turkish tax from its items (docs/tax-turkey.md, rules 1–13): the stopaj
 * withheld at source, the declaration tests, what is declared and, where the year's tariff is
 * known, the return's tax with the stopaj of declared Turkish dividends and the foreign tax
 * credited.
 * @example assessTurkishYear(2025, items).declaration.estimate?.balance // −43000 (Example 13)
 */
export function assessTurkishYear(
  year: number,
  items: readonly TurkishTaxItem[],
): TurkishYearAssessment {
  const of = <Kind extends TurkishTaxItem['kind']>(kind: Kind) =>
    items.filter((item): item is Extract<TurkishTaxItem, { kind: Kind }> => item.kind === kind)
  const fundSales = of('fundSale')
  const foreignSales = of('foreignSale')
  const turkish: readonly TurkishDividend[] = of('turkishDividend')
  const foreign: readonly ForeignDividend[] = of('foreignDividend')

  const turkishGross = sum(turkish.map((each) => each.gross))
  const turkishStopaj = sum(turkish.map((each) => each.stopaj))
  const turkishTest = test(turkishGross.div(TWO), dividendDeclarationAmount(year))

  const gains = sum(foreignSales.map((each) => max(each.indexedGain, ZERO)))
  const losses = sum(foreignSales.map((each) => min(each.indexedGain, ZERO)))
  const net = max(gains.plus(losses), ZERO)
  const netWithoutIndexation = max(sum(foreignSales.map((each) => each.gain)), ZERO)

  const foreignGross = sum(foreign.map((each) => each.gross))
  const foreignTax = sum(foreign.map((each) => each.foreignTax))
  const foreignTest = test(foreignGross, foreignIncomeDeclarationAmount(year))

  const declaredForeign = foreignTest.declared === true ? foreignGross : ZERO
  const declaredTurkish = turkishTest.declared === true ? turkishTest.amount : ZERO
  const income = net.plus(declaredForeign).plus(declaredTurkish)
  const tax = incomeTax(year, income)
  const known = turkishTest.declared !== null && foreignTest.declared !== null
  return {
    year,
    bistShares: { gain: sum(of('bistSale').map((each) => each.gain)) },
    funds: {
      gain: sum(fundSales.map((each) => each.gain)),
      stopaj: sum(fundSales.map((each) => each.stopaj)),
    },
    turkishDividends: { gross: turkishGross, stopaj: turkishStopaj, test: turkishTest },
    foreignSales: { gains, losses, net, netWithoutIndexation },
    foreignDividends: { gross: foreignGross, foreignTax, test: foreignTest },
    declaration: {
      foreignGains: net,
      foreignDividends: declaredForeign,
      turkishDividends: declaredTurkish,
      income,
      estimate:
        tax === null || !known
          ? null
          : estimate(tax, income, {
              turkishStopaj: turkishTest.declared === true ? turkishStopaj : ZERO,
              foreign: foreignTest.declared === true ? foreign : [],
              foreignTax,
            }),
    },
  }
}

/**
 * The return's balance: the tax less the whole stopaj of declared Turkish dividends (rule 4) and
 * the foreign tax of each declared foreign dividend, at most the tax's share on it, tax × its
 * gross ÷ the declared income (GVK 123, rule 12), summed and rounded once (rule 13).
 */
function estimate(
  tax: Decimal,
  income: Decimal,
  credits: { turkishStopaj: Decimal; foreign: readonly ForeignDividend[]; foreignTax: Decimal },
): DeclarationEstimate {
  const foreignTaxCredited = roundTax(
    sum(credits.foreign.map((each) => min(each.foreignTax, tax.share(each.gross, income)))),
  )
  return {
    tax,
    turkishStopajCredited: credits.turkishStopaj,
    foreignTaxCredited,
    foreignTaxNotCredited: credits.foreignTax.minus(foreignTaxCredited),
    balance: tax.minus(credits.turkishStopaj).minus(foreignTaxCredited),
  }
}
