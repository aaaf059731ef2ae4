/**
 * A small portfolio written through the app's API as its signed-in owner, for the screens' checks
 * (visual, accessibility, Lighthouse): its figures never change.
 */

/** The running app and the Cookie header of its signed-in user. */
export interface SignedInApp {
  appUrl: string
  cookie: string
}

const day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)

/** Writes through the API as the signed-in page would (same origin); prices and tax years are PUT. */
export async function write(
  app: SignedInApp,
  path: string,
  data: unknown,
  method: 'POST' | 'PUT' = path.endsWith('/prices') ? 'PUT' : 'POST',
) {
  const response = await fetch(new URL(path, app.appUrl), {
    method,
    headers: {
      Cookie: app.cookie,
      Origin: new URL(app.appUrl).origin,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(data),
  })
  const body = await response.text()
  if (!response.ok) throw new Error(`${path}: ${response.status} ${body}`)
  return (body ? JSON.parse(body) : {}) as { id: string; code: string; slug: string }
}

/**
 * A portfolio of two own instruments priced by hand, a sale and a dividend, all dated relative
 * to today: its figures, lots and chart are the same whichever day it is made.
 */
export async function seedPortfolio(app: SignedInApp) {
  const portfolio = await write(app, '/api/portfolios', {
    name: 'Emeklilik',
    baseCurrency: 'TRY',
    costBasisMethod: 'FIFO',
    recordsCash: true,
  })
  const instruments = []
  for (const [code, name, prices] of [
    ['KYMA', 'Anadolu Enerji Yatırım', ['41.20', '44.85', '47.10', '52.30']],
    ['KYMB', 'Boğaziçi Teknoloji Fonu', ['1.234567', '1.301234', '1.288765', '1.355432']],
  ] as const) {
    const instrument = await write(app, '/api/instruments', {
      code,
      name,
      type: code === 'KYMB' ? 'FUND' : 'STOCK',
      currency: 'TRY',
    })
    await write(app, `/api/instruments/${instrument.id}/prices`, {
      prices: prices.map((close, index) => ({ date: day(300 - index * 90), close })),
    })
    instruments.push(instrument)
  }
  const [stock, fund] = instruments as [(typeof instruments)[0], (typeof instruments)[0]]
  const transactions = [
    { type: 'DEPOSIT', tradeDate: day(301), amount: '60000', currency: 'TRY' },
    {
      type: 'BUY',
      tradeDate: day(300),
      instrumentId: stock.id,
      quantity: '800',
      unitPrice: '41.20',
      fee: '32.96',
    },
    {
      type: 'BUY',
      tradeDate: day(299),
      instrumentId: fund.id,
      quantity: '12000',
      unitPrice: '1.234567',
    },
    {
      type: 'SELL',
      tradeDate: day(120),
      instrumentId: stock.id,
      quantity: '200',
      unitPrice: '47.10',
      fee: '9.42',
    },
    { type: 'DIVIDEND', tradeDate: day(60), instrumentId: stock.id, amount: '960', tax: '144' },
  ]
  for (const transaction of transactions) {
    await write(app, `/api/portfolios/${portfolio.id}/transactions`, {
      idempotencyKey: crypto.randomUUID(),
      transaction,
    })
  }
  return { portfolioId: portfolio.id, stock }
}
