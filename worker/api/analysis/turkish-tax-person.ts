import type postgres from 'postgres'
import type { TurkishTaxPerson } from '../../../shared/api/schemas'
import { sum } from '../../../shared/decimal/decimal'
import { assessTurkishYear } from '../../tax/turkey/assess-year'
import type { ForeignSale } from '../../tax/turkey/tax-items'
import { listPortfolios } from '../store/portfolio-store'
import { asJson } from './as-json'
import { taxYearAsOf } from './tax-year'
import { turkishItemsOf } from './turkish-tax'

type Sql = postgres.TransactionSql

/**
 * A Turkish resident's year across their portfolios (docs/tax-turkey.md, rule 14): each
 * portfolio, oldest first and in any base currency, passed as its own view passes it, with what
 * was withheld at source there and its foreign sales and dividends; and the items of all of them
 * assessed together by `assessTurkishYear`, since the March beyanname is the person's: the
 * declaration tests on the totals, one tariff, one foreign tax credit. A sale whose Yİ-ÜFE month
 * is not published yet, in any portfolio, is refused (422 `missing_price_index`, naming the month).
 */
export async function personTurkishTax(
  sql: Sql,
  year: number,
  today: string,
): Promise<TurkishTaxPerson> {
  const asOf = taxYearAsOf(year, today)
  const portfolios = await listPortfolios(sql)
  const read = await Promise.all(
    portfolios.map(async (portfolio) => ({
      portfolio,
      items: (await turkishItemsOf(sql, portfolio.id, year, asOf)).items,
    })),
  )
  return {
    year,
    asOf,
    portfolios: read.map(({ portfolio, items }) => {
      const alone = assessTurkishYear(year, items)
      const sales = items.filter((item): item is ForeignSale => item.kind === 'foreignSale')
      return {
        id: portfolio.id,
        name: portfolio.name,
        baseCurrency: portfolio.baseCurrency,
        ...asJson({
          fundStopaj: alone.funds.stopaj,
          turkishDividends: alone.turkishDividends.gross,
          turkishDividendStopaj: alone.turkishDividends.stopaj,
          foreignGains: sum(sales.map((sale) => sale.indexedGain)),
          foreignGainsWithoutIndexation: sum(sales.map((sale) => sale.gain)),
          foreignDividends: alone.foreignDividends.gross,
          foreignTax: alone.foreignDividends.foreignTax,
        }),
        notCovered: items.filter((item) => item.kind === 'notCovered').length,
      }
    }),
    assessment: asJson(
      assessTurkishYear(
        year,
        read.flatMap(({ items }) => items),
      ),
    ),
  }
}
