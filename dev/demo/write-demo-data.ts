import type postgres from 'postgres'
import type { DemoDataset } from './demo-dataset'

/** Marks the shared prices the demo generated, apart from a provider's. */
export const DEMO_PRICE_SOURCE = 'demo'

export interface WrittenDemoData {
  portfolios: number
  transactions: number
}

/**
 * Writes the demo dataset for `userId` as the database owner, in the caller's transaction: the
 * Pro plan (two portfolios are past the free plan's one), the portfolios and their transactions,
 * and the shared prices and FX rates of the period. Rates already stored are kept (they carry no
 * mark of where they came from, and a fetched rate is the real one).
 */
export async function writeDemoData(
  tx: postgres.TransactionSql,
  userId: string,
  dataset: DemoDataset,
): Promise<WrittenDemoData> {
  await tx`
    insert into public.user_plans (user_id, plan) values (${userId}, 'pro')
    on conflict (user_id) do update set plan = excluded.plan
  `
  const instrumentIds = await catalogIds(tx, dataset)
  const idOf = (code: string) => {
    const id = instrumentIds.get(code)
    if (id === undefined) throw new Error(`No catalog instrument ${code}`)
    return id
  }

  const prices = Object.entries(dataset.prices).flatMap(([code, points]) =>
    points.map((point) => ({
      instrument_id: idOf(code),
      owner_id: null,
      price_date: point.date,
      close: point.value,
      source: DEMO_PRICE_SOURCE,
    })),
  )
  // A provider's close wins; the demo's own closes of an earlier start are replaced, so a demo
  // account created again on a later day trades at the closes stored.
  await tx`
    insert into public.prices ${tx(prices)}
    on conflict (instrument_id, owner_id, price_date) do update set close = excluded.close
    where prices.source = ${DEMO_PRICE_SOURCE}
  `

  const rates = dataset.fxRates.flatMap(({ source, base, quote, points }) =>
    points.map((point) => ({ source, base, quote, rate_date: point.date, rate: point.value })),
  )
  await tx`
    insert into public.fx_rates ${tx(rates)}
    on conflict (source, base, quote, rate_date) do nothing
  `

  let transactions = 0
  // Each portfolio dates from its first transaction, which also orders the list of portfolios.
  for (const portfolio of dataset.portfolios) {
    const [created] = await tx<{ id: string }[]>`
      insert into public.portfolios
        (user_id, name, base_currency, cost_basis_method, records_cash, created_at)
      values (${userId}, ${portfolio.name}, ${portfolio.settings.baseCurrency},
        ${portfolio.settings.costBasisMethod}, ${portfolio.settings.recordsCash},
        ${portfolio.transactions[0]?.tradeDate ?? dataset.from})
      returning id
    `
    if (!created) throw new Error(`Portfolio ${portfolio.name} was not created`)
    // Rows go in applying order: `sequence` is an identity, numbered as they are inserted.
    const rows = portfolio.transactions.map((transaction) => ({
      user_id: userId,
      portfolio_id: created.id,
      instrument_id: transaction.instrumentCode ? idOf(transaction.instrumentCode) : null,
      type: transaction.type,
      trade_date: transaction.tradeDate,
      currency: transaction.currency ?? portfolio.settings.baseCurrency,
      fx_rate: transaction.fxRate ?? null,
      quantity: transaction.quantity ?? null,
      unit_price: transaction.unitPrice ?? null,
      amount: transaction.amount ?? null,
      fee: transaction.fee ?? '0',
      tax: transaction.tax ?? '0',
      split_ratio: transaction.splitRatio ?? null,
      acquired_date: transaction.acquiredDate ?? null,
      acquisition_fx_rate: transaction.acquisitionFxRate ?? null,
      to_currency: transaction.toCurrency ?? null,
      to_amount: transaction.toAmount ?? null,
      note: transaction.note,
    }))
    await tx`insert into public.transactions ${tx(rows)}`
    transactions += rows.length
  }
  return { portfolios: dataset.portfolios.length, transactions }
}

/** The catalog ids of the demo's instruments by code; an error naming any the catalog lacks. */
async function catalogIds(
  tx: postgres.TransactionSql,
  dataset: DemoDataset,
): Promise<Map<string, string>> {
  const found = await tx<{ id: string; code: string; exchange: string }[]>`
    select id, code, exchange from public.instruments
    where owner_id is null and code in ${tx(dataset.instruments.map(({ code }) => code))}
  `
  const ids = new Map<string, string>()
  const missing: string[] = []
  for (const { code, exchange } of dataset.instruments) {
    const row = found.find((each) => each.code === code && each.exchange === exchange)
    if (row) ids.set(code, row.id)
    else missing.push(`${code} (${exchange})`)
  }
  if (missing.length > 0) {
    throw new Error(`The shared instrument catalog lacks ${missing.join(', ')}`)
  }
  return ids
}
