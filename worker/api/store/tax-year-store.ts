import type postgres from 'postgres'
import type { TaxYear, TaxYearOverview, TaxYearWrite } from '../../../shared/api/schemas'
import { allowanceOf } from '../../tax/germany/tax-rules'
import { ApiProblem } from '../api-problem'
import { portfolioSettings } from './portfolio-store'

type Sql = postgres.TransactionSql

interface TaxYearRow {
  year: number
  freistellungsauftrag: string
  loss_certificate: boolean
}

function taxYearOf(row: TaxYearRow): TaxYear {
  return {
    year: row.year,
    freistellungsauftrag: row.freistellungsauftrag,
    lossCertificate: row.loss_certificate,
  }
}

/** The Sparer-Pauschbetrag of `year`, a whole number of euros. */
function allowanceText(year: number, joint: boolean): string {
  return allowanceOf(year, joint).toString()
}

/** The years recorded for one of the caller's portfolios, oldest first; 404 for anyone else's. */
export async function listTaxYears(sql: Sql, portfolioId: string): Promise<TaxYear[]> {
  await portfolioSettings(sql, portfolioId)
  const rows = await sql<TaxYearRow[]>`
    select year, freistellungsauftrag::text, loss_certificate
    from tax_years where portfolio_id = ${portfolioId}
    order by year
  `
  return rows.map(taxYearOf)
}

/**
 * Records a portfolio's Freistellungsauftrag and loss certificate of a year (sent again, nothing
 * changes). A person's Freistellungsaufträge of a year together may not pass their
 * Sparer-Pauschbetrag (docs/tax-germany.md, rule 4): a raise past it is refused with 422
 * `allowance_exceeded`, naming what is left for this portfolio. Lowering one is always taken, so
 * someone whose allowance shrank (joint assessment switched off) can put it right one depot at
 * a time. Writes of the same person's year wait on each other, so two cannot pass together.
 */
export async function putTaxYear(
  sql: Sql,
  portfolioId: string,
  year: number,
  input: TaxYearWrite,
  jointAssessment: boolean,
): Promise<TaxYear> {
  await portfolioSettings(sql, portfolioId)
  await sql`select pg_advisory_xact_lock(hashtextextended(${`tax_years:${year}:`} || auth.uid(), 0))`
  const allowance = allowanceText(year, jointAssessment)
  const amount = input.freistellungsauftrag
  const [check] = await sql<{ exceeds: boolean; left: string }[]>`
    with given as (
      select
        coalesce(sum(freistellungsauftrag) filter (where portfolio_id <> ${portfolioId}), 0)
          as others,
        coalesce(sum(freistellungsauftrag) filter (where portfolio_id = ${portfolioId}), 0)
          as current
      from tax_years where year = ${year}
    )
    select
      ${amount}::numeric > current and others + ${amount}::numeric > ${allowance}::numeric
        as exceeds,
      greatest(${allowance}::numeric - others, 0)::numeric(12, 2)::text as left
    from given
  `
  if (check?.exceeds) {
    throw new ApiProblem(
      'allowance_exceeded',
      { year: String(year), allowance: { decimal: allowance }, left: { decimal: check.left } },
      [{ path: 'freistellungsauftrag', code: 'too_big' }],
    )
  }
  const [row] = await sql<TaxYearRow[]>`
    insert into tax_years (portfolio_id, year, freistellungsauftrag, loss_certificate)
    values (${portfolioId}, ${year}, ${amount}, ${input.lossCertificate})
    on conflict (portfolio_id, year) do update set
      freistellungsauftrag = excluded.freistellungsauftrag,
      loss_certificate = excluded.loss_certificate
    returning year, freistellungsauftrag::text, loss_certificate
  `
  if (!row) throw new Error('upsert returned no row')
  return taxYearOf(row)
}

/** Forgets a portfolio's year (none recorded reads as no FSA, no certificate); 404 for anyone else's portfolio. */
export async function deleteTaxYear(sql: Sql, portfolioId: string, year: number): Promise<void> {
  await portfolioSettings(sql, portfolioId)
  await sql`delete from tax_years where portfolio_id = ${portfolioId} and year = ${year}`
}

/** Each of the caller's portfolios with its settings of `year`, and the allowance shared out. */
export async function taxYearOverview(
  sql: Sql,
  year: number,
  jointAssessment: boolean,
): Promise<TaxYearOverview> {
  const allowance = allowanceText(year, jointAssessment)
  const [portfolios, [totals]] = await Promise.all([
    sql<
      {
        id: string
        name: string
        base_currency: string
        freistellungsauftrag: string
        loss_certificate: boolean
      }[]
    >`
      select p.id, p.name, p.base_currency,
        coalesce(t.freistellungsauftrag, 0)::numeric(12, 2)::text as freistellungsauftrag,
        coalesce(t.loss_certificate, false) as loss_certificate
      from portfolios p
      left join tax_years t on t.portfolio_id = p.id and t.year = ${year}
      order by p.created_at, p.id
    `,
    sql<{ allowance: string; used: string; left: string }[]>`
      select ${allowance}::numeric(12, 2)::text as allowance, used::text,
        (${allowance}::numeric - used)::numeric(12, 2)::text as left
      from (
        select coalesce(sum(freistellungsauftrag), 0)::numeric(12, 2) as used
        from tax_years where year = ${year}
      ) as given
    `,
  ])
  if (!totals) throw new Error('no totals')
  return {
    year,
    jointAssessment,
    ...totals,
    portfolios: portfolios.map((row) => ({
      id: row.id,
      name: row.name,
      baseCurrency: row.base_currency,
      freistellungsauftrag: row.freistellungsauftrag,
      lossCertificate: row.loss_certificate,
    })),
  }
}
