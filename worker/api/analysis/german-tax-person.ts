import type postgres from 'postgres'
import type { GermanTaxPerson } from '../../../shared/api/schemas'
import { ZERO, decimal, sum } from '../../../shared/decimal/decimal'
import type { Decimal } from '../../../shared/decimal/decimal'
import type { TaxSettings } from '../../../shared/tax/tax-settings'
import { taxesOn } from '../../tax/germany/assess-year'
import { allowanceOf } from '../../tax/germany/tax-rules'
import { taxYearOverview } from '../store/tax-year-store'
import { asJson } from './as-json'
import { portfolioGermanTax } from './german-tax'
import { taxYearAsOf } from './tax-year'

type Sql = postgres.TransactionSql

/** The figures of a depot's year that add up across depots. */
interface DepotFigures {
  income: Decimal
  freistellungsauftrag: Decimal
  allowanceUsed: Decimal
  taxable: Decimal
  foreignTaxCredited: Decimal
  kapESt: Decimal
  soli: Decimal
  churchTax: Decimal
  carriedOut: { shares: Decimal; general: Decimal }
}

/** The depots' figures added up. */
function totalOf(depots: readonly DepotFigures[]): DepotFigures {
  const of = (pick: (depot: DepotFigures) => Decimal) => sum(depots.map(pick))
  return {
    income: of((depot) => depot.income),
    freistellungsauftrag: of((depot) => depot.freistellungsauftrag),
    allowanceUsed: of((depot) => depot.allowanceUsed),
    taxable: of((depot) => depot.taxable),
    foreignTaxCredited: of((depot) => depot.foreignTaxCredited),
    kapESt: of((depot) => depot.kapESt),
    soli: of((depot) => depot.soli),
    churchTax: of((depot) => depot.churchTax),
    carriedOut: {
      shares: of((depot) => depot.carriedOut.shares),
      general: of((depot) => depot.carriedOut.general),
    },
  }
}

const min = (a: Decimal, b: Decimal): Decimal => (a.lt(b) ? a : b)

/**
 * A person's year across their depots (docs/tax-germany.md): each portfolio in euros, oldest
 * first, as `portfolioGermanTax` assesses it, and the totals. The Sparer-Pauschbetrag a depot
 * did not use can be claimed in the tax return (§ 32d Abs. 4 EStG), which then gives back the tax
 * withheld on as much taxable income: the smaller of the two, taxed as a bank would (no foreign
 * tax), and at most what was withheld. A depot that carries losses into the next year while
 * another paid tax is named: a Verlustbescheinigung would let the return offset them.
 */
export async function personGermanTax(
  sql: Sql,
  year: number,
  today: string,
  tax: TaxSettings,
): Promise<GermanTaxPerson> {
  const overview = await taxYearOverview(sql, year, tax.jointAssessment)
  const euros = overview.portfolios.filter((portfolio) => portfolio.baseCurrency === 'EUR')
  const views = await Promise.all(
    euros.map((portfolio) => portfolioGermanTax(sql, portfolio.id, year, today, tax)),
  )
  const depots = euros.map((portfolio, index) => {
    const assessment = views[index]?.assessment
    if (!assessment) throw new Error('no assessment')
    const figures: DepotFigures = {
      income: decimal(assessment.income),
      freistellungsauftrag: decimal(portfolio.freistellungsauftrag),
      allowanceUsed: decimal(assessment.allowanceUsed),
      taxable: decimal(assessment.taxable),
      foreignTaxCredited: decimal(assessment.foreignTax.credited),
      kapESt: decimal(assessment.kapESt),
      soli: decimal(assessment.soli),
      churchTax: decimal(assessment.churchTax),
      carriedOut: {
        shares: decimal(assessment.carriedOut.shares),
        general: decimal(assessment.carriedOut.general),
      },
    }
    return { portfolio, figures }
  })
  const totals = totalOf(depots.map((depot) => depot.figures))
  const sparerPauschbetrag = allowanceOf(year, tax.jointAssessment)
  const unused = sparerPauschbetrag.gt(totals.allowanceUsed)
    ? sparerPauschbetrag.minus(totals.allowanceUsed)
    : ZERO
  const base = min(unused, totals.taxable)
  const estimate = taxesOn(base, ZERO, tax.churchTaxRate)
  const refund = {
    base,
    kapESt: min(estimate.kapESt, totals.kapESt),
    soli: min(estimate.soli, totals.soli),
    churchTax: min(estimate.churchTax, totals.churchTax),
  }
  const carriesLosses = ({ portfolio, figures }: (typeof depots)[number]) =>
    !portfolio.lossCertificate &&
    (figures.carriedOut.shares.sign() < 0 || figures.carriedOut.general.sign() < 0)
  return {
    year,
    asOf: taxYearAsOf(year, today),
    churchTaxRate: tax.churchTaxRate,
    jointAssessment: tax.jointAssessment,
    depots: depots.map(({ portfolio, figures }) => ({
      id: portfolio.id,
      name: portfolio.name,
      lossCertificate: portfolio.lossCertificate,
      ...asJson(figures),
    })),
    totals: asJson(totals),
    allowance: asJson({
      sparerPauschbetrag,
      given: totals.freistellungsauftrag,
      used: totals.allowanceUsed,
      unused,
    }),
    refund: asJson({ ...refund, total: refund.kapESt.plus(refund.soli).plus(refund.churchTax) }),
    lossCertificateCandidates: depots
      .filter(
        (depot) =>
          carriesLosses(depot) &&
          depots.some((other) => other !== depot && other.figures.kapESt.sign() > 0),
      )
      .map(({ portfolio }) => portfolio.id),
    notInEuros: overview.portfolios
      .filter((portfolio) => portfolio.baseCurrency !== 'EUR')
      .map(({ id, name, baseCurrency }) => ({ id, name, baseCurrency })),
  }
}
