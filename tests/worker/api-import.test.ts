import postgres from 'postgres'
import { KIYMET_HEADERS } from '../../shared/import/kiymet-format'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  asBrowser,
  backend,
  createUser,
  ORIGIN,
  request,
  signIn,
  uniqueEmail,
} from './auth-backend'

// Imports and exports of transactions end to end in workerd: the whole worker app, the real auth
// server and Postgres. Files go up as the dialog sends them (multipart, the session cookie);
// what only the service role may write (plans, reference rates) is seeded as the superuser.

interface Caller {
  id: string
  cookie: string
}

interface ImportRowBody {
  row: number
  transaction: Record<string, string | null>
  instrument: {
    id: string | null
    code: string
    name: string
    match: string
    currency: string
  } | null
  duplicate: boolean
  leftOut: { code: string; message: string } | null
  problems: { code: string; column: string | null; message: string }[]
  notices: { code: string; column: string | null; message: string }[]
}

interface ImportBody {
  read: { preset: string | null; separator: string | null; decimalSeparator: string }
  rows: ImportRowBody[]
  summary: {
    rows: number
    withProblems: number
    duplicates: number
    leftOut: number
    newInstruments: number
  }
  written: number
}

interface ErrorBody {
  error: { code: string; message: string; fields?: { path: string; code: string }[] }
  result?: ImportBody
}

const admin = postgres(backend.databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })

async function newCaller(tag: string, plan: 'free' | 'pro' = 'free'): Promise<Caller> {
  const email = uniqueEmail(tag)
  const id = await createUser(email)
  if (plan === 'pro')
    await admin`insert into public.user_plans (user_id, plan) values (${id}, 'pro')`
  return { id, cookie: await signIn(email) }
}

/** Uploads a file as the import dialog does: a multipart form with the file and the options. */
function upload(
  caller: Caller,
  portfolio: string,
  file: { name: string; content: string | Uint8Array<ArrayBuffer> },
  fields: Record<string, string> = {},
  language = 'en',
) {
  const form = new FormData()
  form.set('file', new File([file.content], file.name))
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  return request(`/api/portfolios/${portfolio}/imports`, {
    method: 'POST',
    headers: { Cookie: caller.cookie, Origin: ORIGIN, 'Accept-Language': language },
    body: form,
  })
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text()
  expect(response.status, text.slice(0, 2000)).toBe(status)
  return JSON.parse(text) as T
}

async function newPortfolio(
  caller: Caller,
  options: { baseCurrency?: string; recordsCash?: boolean; name?: string } = {},
): Promise<string> {
  const created = await json<{ id: string }>(
    await asBrowser(caller, 'POST', '/api/portfolios', {
      name: options.name ?? 'Import',
      baseCurrency: options.baseCurrency ?? 'TRY',
      costBasisMethod: 'FIFO',
      recordsCash: options.recordsCash ?? false,
    }),
    201,
  )
  return created.id
}

async function transactionCount(portfolio: string): Promise<number> {
  const [row] = await admin<{ count: number }[]>`
    select count(*)::int as count from public.transactions where portfolio_id = ${portfolio}
  `
  return row?.count ?? -1
}

const GENERIC_HEADER = 'Date,Type,Code,Name,Quantity,Price,Fee,Tax,Currency,FxRate,Note'

/** A generic file (the documented layout) of a few rows. */
function genericCsv(rows: readonly string[]): string {
  return [GENERIC_HEADER, ...rows].join('\n') + '\n'
}

const SAMPLE = genericCsv([
  '2024-03-01,BUY,THYAO,Türk Hava Yolları,10,280.5,5,0,TRY,,first',
  '2024-03-01,BUY,AAPL,Apple,2,180,1,0,USD,,',
  '2024-06-03,SELL,THYAO,Türk Hava Yolları,4,300,2,0,TRY,,',
  '2024-06-03,BUY,MYCOIN,My coin,100,1.5,0,0,TRY,,new instrument',
])

let alice: Caller
let bob: Caller

beforeAll(async () => {
  ;[alice, bob] = await Promise.all([newCaller('import-alice', 'pro'), newCaller('import-bob')])
  // TCMB's USD/TRY on the dates the files use, as the scheduled job writes them.
  await admin`
    insert into public.fx_rates (source, base, quote, rate_date, rate) values
      ('TCMB', 'USD', 'TRY', '2024-03-01', 30.5), ('TCMB', 'USD', 'TRY', '2024-06-03', 32.25),
      ('ECB', 'EUR', 'USD', '2023-06-30', 1.0866),
      -- The dates of the brokers' sample files (shared/import/fixtures) in other currencies.
      ('ECB', 'EUR', 'USD', '2024-01-16', 1.0887), ('ECB', 'EUR', 'USD', '2024-01-22', 1.0895),
      ('ECB', 'EUR', 'USD', '2024-02-15', 1.0743), ('ECB', 'EUR', 'USD', '2024-03-14', 1.0925),
      ('ECB', 'EUR', 'USD', '2024-06-14', 1.0691), ('ECB', 'EUR', 'USD', '2024-07-01', 1.0746),
      ('ECB', 'EUR', 'USD', '2024-08-05', 1.0950), ('ECB', 'EUR', 'USD', '2024-09-12', 1.1008),
      ('ECB', 'EUR', 'USD', '2024-11-04', 1.0899), ('ECB', 'EUR', 'USD', '2025-01-10', 1.0304),
      ('ECB', 'EUR', 'GBP', '2024-02-05', 0.8533), ('ECB', 'EUR', 'GBP', '2024-04-18', 0.8551),
      ('ECB', 'EUR', 'GBP', '2024-06-14', 0.8438), ('ECB', 'EUR', 'GBP', '2025-05-22', 0.8431),
      ('ECB', 'EUR', 'USD', '2024-03-04', 1.0852), ('ECB', 'EUR', 'USD', '2024-04-11', 1.0729),
      ('ECB', 'EUR', 'USD', '2024-05-17', 1.0866), ('ECB', 'EUR', 'USD', '2024-08-16', 1.0994),
      ('ECB', 'EUR', 'USD', '2024-10-10', 1.0938)
    on conflict do nothing
  `
}, 60_000)

afterAll(async () => {
  await admin.end()
})

describe('importing a file', () => {
  let portfolio: string

  beforeAll(async () => {
    portfolio = await newPortfolio(alice)
  })

  it('previews every row as the transaction it becomes, writing nothing', async () => {
    const preview = await json<ImportBody>(
      await upload(alice, portfolio, { name: 'trades.csv', content: SAMPLE }),
      200,
    )
    expect(preview.read).toMatchObject({ preset: 'generic', separator: ',', decimalSeparator: '.' })
    expect(preview.summary).toEqual({
      rows: 4,
      withProblems: 0,
      duplicates: 0,
      leftOut: 0,
      newInstruments: 1,
    })
    expect(preview.written).toBe(0)
    const [thy, aapl, sell, coin] = preview.rows
    expect(thy).toMatchObject({
      row: 1,
      transaction: { type: 'BUY', tradeDate: '2024-03-01', quantity: '10', unitPrice: '280.5' },
      instrument: { code: 'THYAO', match: 'catalog', currency: 'TRY' },
      duplicate: false,
      problems: [],
    })
    // USD without a rate in the file: the reference rate of the trade date.
    expect(aapl?.transaction).toMatchObject({ currency: 'USD', fxRate: '30.5' })
    expect(sell?.transaction).toMatchObject({ type: 'SELL', quantity: '4' })
    expect(coin?.instrument).toMatchObject({ id: null, code: 'MYCOIN', match: 'new' })
    expect(await transactionCount(portfolio)).toBe(0)
  })

  it('writes every row on commit, then finds the same file all duplicates', async () => {
    const committed = await json<ImportBody>(
      await upload(alice, portfolio, { name: 'trades.csv', content: SAMPLE }, { dryRun: 'false' }),
      200,
    )
    expect(committed.written).toBe(4)
    expect(await transactionCount(portfolio)).toBe(4)
    const [own] = await admin<{ name: string; type: string; currency: string }[]>`
      select name, type, currency from public.instruments
      where owner_id = ${alice.id} and code = 'MYCOIN'
    `
    expect(own).toEqual({ name: 'My coin', type: 'STOCK', currency: 'TRY' })

    const again = await json<ImportBody>(
      await upload(alice, portfolio, { name: 'trades.csv', content: SAMPLE }, { dryRun: 'false' }),
      200,
    )
    expect(again.written).toBe(0)
    expect(again.summary).toMatchObject({ rows: 4, duplicates: 4, withProblems: 0 })
    expect(again.rows.map((row) => row.instrument?.match)).toEqual([
      'catalog',
      'catalog',
      'catalog',
      'own',
    ])
    expect(await transactionCount(portfolio)).toBe(4)
  })

  it('counts duplicates: two identical transactions absorb two identical rows, not three', async () => {
    const target = await newPortfolio(alice, { name: 'Twins' })
    const twice = genericCsv([
      '2024-03-01,BUY,THYAO,,1,100,,,TRY,,',
      '2024-03-01,BUY,THYAO,,1,100.00,0,,TRY,,',
    ])
    await json(
      await upload(alice, target, { name: 'a.csv', content: twice }, { dryRun: 'false' }),
      200,
    )
    const thrice = genericCsv([
      '2024-03-01,BUY,THYAO,,1,100,,,TRY,,',
      '2024-03-01,BUY,THYAO,,1,100,,,TRY,,',
      '2024-03-01,BUY,THYAO,,1.0,100,,,TRY,,',
    ])
    const preview = await json<ImportBody>(
      await upload(alice, target, { name: 'b.csv', content: thrice }),
      200,
    )
    expect(preview.rows.map((row) => row.duplicate)).toEqual([true, true, false])
  })

  it('shows the problems of each row in the caller language, and a commit with any writes nothing', async () => {
    const target = await newPortfolio(alice, { name: 'Problems' })
    const file = genericCsv([
      '2024-03-01,BUY,THYAO,,10,100,,,TRY,,',
      '2024-03-02,SELL,THYAO,,50,100,,,TRY,,',
      '1999-01-04,BUY,AAPL,,1,100,,,USD,,',
      '2024-03-05,BUY,AAPL,,1,100,,,EUR,,',
      '2024-03-06,DEPOSIT,THYAO,,1,1000,,,TRY,,',
    ])
    const preview = await json<ImportBody>(
      await upload(alice, target, { name: 'p.csv', content: file }, {}, 'de'),
      200,
    )
    const [good, oversold, noRate, otherCurrency, deposit] = preview.rows
    expect(good?.problems).toEqual([])
    expect(oversold?.problems).toEqual([
      {
        code: 'engine_refused',
        column: 'Quantity',
        message: expect.stringMatching(/^Zeile 2: .*mehr Stücke/),
      },
    ])
    expect(noRate?.problems).toEqual([
      {
        code: 'fx_rate_missing',
        column: 'FxRate',
        message: expect.stringContaining('Zeile 3: Für USD/TRY ist am 04.01.1999 kein Wechselkurs'),
      },
    ])
    expect(otherCurrency?.problems).toMatchObject([
      { code: 'instrument_currency', message: expect.stringContaining('AAPL wird in USD') },
    ])
    expect(deposit?.problems).toEqual([
      {
        code: 'not_for_type',
        column: 'Code',
        message: 'Zeile 5: „Code“ gehört nicht zu dieser Buchungsart. Lassen Sie das Feld leer.',
      },
      {
        code: 'cash_not_recorded',
        column: 'Type',
        message:
          'Zeile 5: eine Ein- oder Auszahlung, aber dieses Portfolio erfasst kein Bargeld. Lassen Sie solche Zeilen aus oder erfassen Sie in diesem Portfolio Bargeld.',
      },
    ])

    const refused = await json<ErrorBody>(
      await upload(alice, target, { name: 'p.csv', content: file }, { dryRun: 'false' }, 'tr'),
      422,
    )
    expect(refused.error).toEqual({
      code: 'import_has_problems',
      message: 'Hiçbir şey içe aktarılmadı: 4 satırda sorun var. Bunları düzeltip tekrar deneyin.',
    })
    expect(refused.result?.summary.withProblems).toBe(4)
    expect(refused.result?.written).toBe(0)
    expect(await transactionCount(target)).toBe(0)
  })

  it("answers 404 for another user's portfolio and writes nothing there", async () => {
    const response = await upload(
      bob,
      portfolio,
      { name: 't.csv', content: SAMPLE },
      { dryRun: 'false' },
    )
    expect((await json<ErrorBody>(response, 404)).error.code).toBe('portfolio_not_found')
    expect(await transactionCount(portfolio)).toBe(4)
  })
})

describe('bad files are refused with a localized message, the portfolio as before', () => {
  let portfolio: string

  beforeAll(async () => {
    portfolio = await newPortfolio(alice, { name: 'Bad files' })
    await json(
      await upload(
        alice,
        portfolio,
        { name: 'one.csv', content: genericCsv(['2024-03-01,BUY,THYAO,,1,100,,,TRY,,']) },
        { dryRun: 'false' },
      ),
      200,
    )
  })

  async function refusal(
    file: { name: string; content: string | Uint8Array<ArrayBuffer> },
    status: number,
    fields: Record<string, string> = { dryRun: 'false' },
  ) {
    const started = Date.now()
    const body = await json<ErrorBody>(await upload(alice, portfolio, file, fields, 'en'), status)
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(await transactionCount(portfolio)).toBe(1)
    return body
  }

  async function rowProblems(content: string) {
    const body = await refusal({ name: 'rows.csv', content }, 422)
    expect(body.error.code).toBe('import_has_problems')
    return (body.result?.rows ?? []).flatMap((row) => row.problems)
  }

  it('an empty file, and one with only a header', async () => {
    expect((await refusal({ name: 'empty.csv', content: '' }, 422)).error).toEqual({
      code: 'file_empty',
      message: 'The file is empty.',
    })
    expect(
      (await refusal({ name: 'head.csv', content: `${GENERIC_HEADER}\n` }, 422)).error,
    ).toEqual({
      code: 'file_header_only',
      message: 'The file has a header but no data rows.',
    })
  })

  it('a file over 5 MB, before it is read (413)', async () => {
    const large = new Uint8Array(6 * 1024 * 1024).fill(0x41)
    expect((await refusal({ name: 'large.csv', content: large }, 413)).error).toEqual({
      code: 'file_too_large',
      message: 'The file is too large: at most 5 MB are accepted.',
    })
    const justOver = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x41)
    expect((await refusal({ name: 'over.csv', content: justOver }, 413)).error.code).toBe(
      'file_too_large',
    )
  })

  it('binary data, and a zip named .csv', async () => {
    const binary = Uint8Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256)
    expect((await refusal({ name: 'data.csv', content: binary }, 422)).error.code).toBe(
      'file_binary',
    )
    const zip = new Uint8Array(2048)
    zip.set([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x08, 0x00, 0x08, 0x00])
    const compressed = await refusal({ name: 'bomb.csv', content: zip }, 422)
    expect(compressed.error).toMatchObject({
      code: 'file_compressed',
      message: expect.stringMatching(/compressed/),
    })
  })

  it('a layout no preset knows, and a mapping that leaves out a required field', async () => {
    const unknown = await refusal({ name: 'x.csv', content: 'foo,bar\n1,2\n' }, 422)
    expect(unknown.error.code).toBe('file_unknown_layout')
    const incomplete = await refusal(
      { name: 'x.csv', content: 'When,What,Ticker\n2024-01-02,BUY,THYAO\n' },
      422,
      {
        dryRun: 'false',
        mapping: JSON.stringify({ type: 'What', code: 'Ticker' }),
      },
    )
    // Named as the dialog labels the field, never by its internal name.
    expect(incomplete.error).toEqual({
      code: 'mapping_incomplete',
      message: expect.stringContaining('Date'),
    })
    expect(incomplete.error.message).not.toMatch(/\bdate\b/)
    const notJson = await refusal({ name: 'x.csv', content: SAMPLE }, 422, { mapping: '{date:' })
    expect(notJson.error).toMatchObject({
      code: 'validation_failed',
      fields: [{ path: 'mapping', code: 'invalid_format' }],
    })
  })

  it('mismatched columns, impossible dates, a sign against the type, unknown currencies: named by row and column', async () => {
    expect((await rowProblems(genericCsv(['2024-03-01,BUY,THYAO,,1'])))[0]).toEqual({
      code: 'column_count',
      column: null,
      message: 'Row 1 has 5 cells, but the header has 11 columns.',
    })
    expect(await rowProblems(genericCsv(['2024-02-30,BUY,THYAO,,1,100,,,TRY,,']))).toEqual([
      expect.objectContaining({
        code: 'invalid_date',
        column: 'Date',
        message: 'Row 1: “2024-02-30” in “Date” is not a valid date.',
      }),
    ])
    expect(await rowProblems(genericCsv(['2024-03-01,BUY,THYAO,,-5,100,,,TRY,,']))).toEqual([
      expect.objectContaining({
        code: 'sign_contradicts_type',
        column: 'Quantity',
        message: expect.stringMatching(
          /^Row 1: “-5” in “Quantity” has a sign that contradicts the type \(Buy\)/,
        ),
      }),
    ])
    expect(await rowProblems(genericCsv(['2024-03-01,BUY,THYAO,,5,100,,,QQQ,,']))).toEqual([
      expect.objectContaining({
        code: 'unknown_currency',
        column: 'Currency',
        message: 'Row 1: “QQQ” in “Currency” is not a known currency code.',
      }),
    ])
  })

  it('more refused rows than the engine check takes: where it stopped, not a clean preview', async () => {
    const sells = Array.from(
      { length: 12 },
      (_, index) => `2024-03-${String(index + 1).padStart(2, '0')},SELL,THYAO,,1,100,,,TRY,,`,
    )
    const problems = await rowProblems(genericCsv(sells))
    expect(problems.map((problem) => problem.code)).toEqual([
      ...Array.from({ length: 10 }, () => 'engine_refused'),
      'engine_check_stopped',
    ])
    expect(problems[10]?.message).toMatch(/^Row \d+: the check stopped here after 10 refused rows/)
  })

  it('a needed field without a column by its label, control characters as what they are', async () => {
    const noPrice = await rowProblems('Date,Type,Code,Quantity\n2024-03-01,BUY,THYAO,5\n')
    expect(noPrice).toEqual([
      {
        code: 'missing_value',
        column: null,
        message: 'Row 1: “Price” is empty, but this type of transaction needs it.',
      },
    ])
    expect(await rowProblems(genericCsv(['2024-03-01,BUY,THYAO,,5,100,,,TRY,,a\u0007b']))).toEqual([
      {
        code: 'control_characters',
        column: 'Note',
        message: expect.stringMatching(/^Row 1: “Note” holds invisible control characters/),
      },
    ])
  })
})

describe('all or nothing', () => {
  it('writes none of 10,000 rows when row 9,999 is bad, and all of them when it is not', async () => {
    const carol = await newCaller('import-carol', 'pro')
    const portfolio = await newPortfolio(carol)
    const day = Date.parse('2000-01-03')
    const lines = Array.from({ length: 10_000 }, (_, index) => {
      const date = new Date(day + index * 86_400_000).toISOString().slice(0, 10)
      return `${date},BUY,THYAO,,1,${100 + (index % 50)},,,TRY,,`
    })
    const bad = [...lines]
    bad[9_998] = '2027-05-10,SELL,THYAO,,1000000,1,,,TRY,,'
    const refused = await json<ErrorBody>(
      await upload(
        carol,
        portfolio,
        { name: 'big.csv', content: genericCsv(bad) },
        { dryRun: 'false' },
      ),
      422,
    )
    expect(refused.error.code).toBe('import_has_problems')
    expect(refused.result?.summary).toMatchObject({ rows: 10_000, withProblems: 1 })
    expect(refused.result?.rows[9_998]?.problems[0]).toMatchObject({
      code: 'engine_refused',
      message: expect.stringMatching(/^Row 9,999: You cannot sell/),
    })
    expect(await transactionCount(portfolio)).toBe(0)

    const written = await json<ImportBody>(
      await upload(
        carol,
        portfolio,
        { name: 'big.csv', content: genericCsv(lines) },
        { dryRun: 'false' },
      ),
      200,
    )
    expect(written.written).toBe(10_000)
    expect(await transactionCount(portfolio)).toBe(10_000)
  }, 120_000)

  it("refuses the rows past the plan's limit", async () => {
    const dave = await newCaller('import-dave')
    const portfolio = await newPortfolio(dave)
    const lines = Array.from(
      { length: 2001 },
      (_, index) => `2024-01-02,BUY,THYAO,,${(index % 9) + 1},100,,,TRY,,`,
    )
    const preview = await json<ImportBody>(
      await upload(dave, portfolio, { name: 'many.csv', content: genericCsv(lines) }),
      200,
    )
    expect(preview.summary.withProblems).toBe(1)
    expect(preview.rows[2000]?.problems).toEqual([
      {
        code: 'plan_limit',
        column: null,
        message:
          'Row 2,001: your plan allows up to 2,000 transactions per portfolio, and this row would go beyond it.',
      },
    ])
  })
})

describe('presets', () => {
  it("reads Ghostfolio's JSON export", async () => {
    const portfolio = await newPortfolio(alice, { name: 'Ghostfolio', baseCurrency: 'USD' })
    const file = JSON.stringify({
      meta: { date: '2024-07-01T00:00:00.000Z', version: 'dev' },
      accounts: [],
      platforms: [],
      activities: [
        {
          accountId: null,
          comment: null,
          fee: 1.5,
          quantity: 3,
          type: 'BUY',
          unitPrice: 190.12,
          currency: 'USD',
          dataSource: 'YAHOO',
          date: '2024-06-03T00:00:00.000Z',
          symbol: 'AAPL',
        },
      ],
    })
    const preview = await json<ImportBody>(
      await upload(alice, portfolio, { name: 'ghostfolio.json', content: file }),
      200,
    )
    expect(preview.read.preset).toBe('ghostfolio')
    expect(preview.rows[0]).toMatchObject({
      transaction: {
        type: 'BUY',
        tradeDate: '2024-06-03',
        quantity: '3',
        unitPrice: '190.12',
        fee: '1.5',
      },
      instrument: { code: 'AAPL', match: 'catalog' },
      problems: [],
    })
  })

  it("reads Portfolio Performance's German CSV (semicolons, decimal commas)", async () => {
    const portfolio = await newPortfolio(alice, { name: 'PP', baseCurrency: 'EUR' })
    const file = [
      'Datum;Typ;Wert;Buchungswährung;Bruttobetrag;Währung Bruttobetrag;Wechselkurs;Gebühren;Steuern;Stück;ISIN;WKN;Ticker-Symbol;Wertpapiername;Notiz',
      '03.06.2024;Kauf;-1.005,00;EUR;1.000,00;EUR;;5,00;;10;DE0007164600;716460;SAP;SAP SE;',
    ].join('\n')
    const preview = await json<ImportBody>(
      await upload(alice, portfolio, { name: 'pp.csv', content: file }, {}, 'de'),
      200,
    )
    expect(preview.read).toMatchObject({
      preset: 'portfolio_performance',
      separator: ';',
      decimalSeparator: ',',
    })
    expect(preview.rows[0]).toMatchObject({
      transaction: {
        type: 'BUY',
        tradeDate: '2024-06-03',
        quantity: '10',
        unitPrice: '100',
        fee: '5.00',
      },
      instrument: { code: 'SAP', currency: 'EUR' },
      problems: [],
    })
  })

  it("keeps Portfolio Performance's rate only when its account is in the base currency", async () => {
    // An EUR account buying a USD share: PP's Wechselkurs is EUR per USD.
    const file = [
      'Datum;Typ;Wert;Buchungswährung;Bruttobetrag;Währung Bruttobetrag;Wechselkurs;Gebühren;Steuern;Stück;ISIN;WKN;Ticker-Symbol;Wertpapiername;Notiz',
      '03.06.2024;Kauf;-1.845,00;EUR;2.000,00;USD;0,92;5,00;;10;;;AAPL;Apple Inc.;',
    ].join('\n')
    const previewIn = async (baseCurrency: string) => {
      const portfolio = await newPortfolio(alice, { name: `PP ${baseCurrency}`, baseCurrency })
      const preview = await json<ImportBody>(
        await upload(alice, portfolio, { name: 'pp.csv', content: file }, {}, 'de'),
        200,
      )
      return preview.rows[0]
    }
    const expected = { type: 'BUY', currency: 'USD', quantity: '10', unitPrice: '200' }
    expect(await previewIn('EUR')).toMatchObject({
      transaction: { ...expected, fxRate: '0.92' },
      problems: [],
    })
    // A lira portfolio takes USD/TRY of the trade date, not EUR per USD.
    expect(await previewIn('TRY')).toMatchObject({
      transaction: { ...expected, fxRate: '32.25' },
      problems: [],
    })
  })
})

describe('files as brokers and other trackers write them', () => {
  /** The stored transactions of a portfolio, oldest first, as text. */
  async function stored(portfolio: string) {
    return admin<
      {
        type: string
        trade_date: string
        quantity: string | null
        unit_price: string | null
        amount: string | null
        fee: string
        currency: string
        acquired_date: string | null
        split_ratio: string | null
        code: string | null
        name: string | null
        own: boolean | null
      }[]
    >`
      select t.type, t.trade_date::text, t.quantity::text, t.unit_price::text, t.amount::text,
        t.fee::text, t.currency, t.acquired_date::text, t.split_ratio, i.code, i.name,
        i.owner_id is not null as own
      from public.transactions t left join public.instruments i on i.id = t.instrument_id
      where t.portfolio_id = ${portfolio}
      order by t.trade_date, t.sequence
    `
  }

  async function commit(portfolio: string, name: string, content: string, language = 'en') {
    return json<ImportBody>(
      await upload(alice, portfolio, { name, content }, { dryRun: 'false' }, language),
      200,
    )
  }

  it('takes an Action column, signs that repeat the type, and totals beside prices', async () => {
    const portfolio = await newPortfolio(alice, { name: 'Broker' })
    const file = [
      'Date,Action,Symbol,Quantity,Price,Fee,Amount,Currency',
      '2024-03-01,Buy,THYAO,10,280.5,-5,-2810,TRY',
      '2024-06-03,Sell,THYAO,-4,300,-2,1198,TRY',
      '2024-06-10,Dividend,THYAO,,,,45.5,TRY',
    ].join('\n')
    const result = await commit(portfolio, 'broker.csv', file)
    expect(result.written).toBe(3)
    expect(
      (await stored(portfolio)).map((row) => [row.type, row.quantity, row.unit_price, row.amount]),
    ).toEqual([
      ['BUY', '10', '280.5', null],
      ['SELL', '4', '300', null],
      ['DIVIDEND', null, null, '45.5'],
    ])
  })

  it('reads pence as pounds ÷ 100, and a made-up asset as an own instrument named as in the export', async () => {
    const portfolio = await newPortfolio(alice, { name: 'Pence', baseCurrency: 'GBP' })
    const manual = '7e91b7d4-1430-4212-8380-289a06c9bbc1'
    const activity = (fields: Record<string, unknown>) => ({
      accountId: null,
      comment: null,
      fee: 0,
      dataSource: 'YAHOO',
      date: '2024-06-03T00:00:00.000Z',
      ...fields,
    })
    const file = JSON.stringify({
      meta: { date: '2024-07-01T00:00:00.000Z', version: '2.118.0' },
      assetProfiles: [
        { symbol: manual, dataSource: 'MANUAL', name: 'Penthouse Apartment', currency: 'GBP' },
      ],
      activities: [
        activity({
          type: 'BUY',
          symbol: 'VOD.L',
          quantity: 100,
          unitPrice: 71.24,
          currency: 'GBp',
          fee: 500,
        }),
        activity({
          type: 'BUY',
          symbol: manual,
          dataSource: 'MANUAL',
          quantity: 1,
          unitPrice: 500000,
          currency: 'GBP',
        }),
      ],
    })
    const preview = await json<ImportBody>(
      await upload(alice, portfolio, { name: 'ghostfolio.json', content: file }, {}, 'de'),
      200,
    )
    expect(preview.rows[0]?.notices).toEqual([
      {
        code: 'minor_unit',
        column: 'currency',
        message:
          'Zeile 1: Die Beträge sind in GBp, Hundertsteln von GBP; gelesen in GBP, durch 100 geteilt.',
      },
    ])
    expect(preview.rows[1]?.instrument).toMatchObject({
      code: 'PENTHOUSE.APARTMENT',
      name: 'Penthouse Apartment',
      match: 'new',
    })
    expect((await commit(portfolio, 'ghostfolio.json', file)).written).toBe(2)
    expect(
      (await stored(portfolio)).map((row) => [row.code, row.unit_price, row.fee, row.currency]),
    ).toEqual([
      ['VOD.L', '0.7124', '5', 'GBP'],
      ['PENTHOUSE.APARTMENT', '500000', '0', 'GBP'],
    ])
  })

  it('snaps the float noise of thirds, so a sale of the whole unit passes the engine', async () => {
    const portfolio = await newPortfolio(alice, { name: 'Thirds' })
    const file = genericCsv([
      `2024-03-01,BUY,MYTHIRDS,Thirds,${1 / 3},30,,,TRY,,`,
      `2024-03-02,BUY,MYTHIRDS,Thirds,${2 / 3},30,,,TRY,,`,
      '2024-03-03,SELL,MYTHIRDS,Thirds,1,31,,,TRY,,',
    ])
    const result = await commit(portfolio, 'thirds.csv', file)
    expect(result.written).toBe(3)
    expect(result.rows[0]?.notices.map((notice) => notice.code)).toEqual(['float_snapped'])
  })

  it('stops a price far from the known close, naming the likely cause, until it is confirmed', async () => {
    const [sap] = await admin<{ id: string }[]>`
      select id from public.instruments where owner_id is null and code = 'SAP'
    `
    await admin`
      insert into public.prices (instrument_id, owner_id, price_date, close, source)
      values (${sap!.id}, null, '2019-05-14', 140.02, 'test_import')
      on conflict do nothing
    `
    const portfolio = await newPortfolio(alice, { name: 'Stück', baseCurrency: 'EUR' })
    // 10.741 units meant; in a file with decimal commas the point groups thousands.
    const file =
      'Datum;Typ;ISIN;Stück;Betrag;Währung\n15.05.2019;Kauf;DE0007164600;10.741;1.504,00;EUR\n'
    const preview = await json<ImportBody>(
      await upload(alice, portfolio, { name: 'depot.csv', content: file }, {}, 'de'),
      200,
    )
    expect(preview.rows[0]?.transaction).toMatchObject({ quantity: '10741' })
    expect(preview.rows[0]?.problems).toEqual([
      {
        code: 'price_implausible',
        column: null,
        message:
          'Zeile 1: Der Kurs 0,14002420631226142817 weicht um mehr als das Fünffache vom bekannten Schlusskurs 140,02 am 14.05.2019 ab. Vermutlich wurde bei Stückzahl oder Kurs ein Tausendertrennzeichen gelesen, wo ein Dezimaltrennzeichen gemeint war, oder umgekehrt. Korrigieren Sie die Datei oder bestätigen Sie den Kurs, wenn er stimmt.',
      },
    ])
    const refused = await upload(
      alice,
      portfolio,
      { name: 'depot.csv', content: file },
      {
        dryRun: 'false',
      },
    )
    expect((await json<ErrorBody>(refused, 422)).error.code).toBe('import_has_problems')
    expect(await transactionCount(portfolio)).toBe(0)

    const confirmed = await json<ImportBody>(
      await upload(
        alice,
        portfolio,
        { name: 'depot.csv', content: file },
        {
          dryRun: 'false',
          confirmPrices: '1',
        },
      ),
      200,
    )
    expect(confirmed.written).toBe(1)
    expect(confirmed.rows[0]?.notices.map((notice) => notice.code)).toEqual([
      'price_from_total',
      'price_confirmed',
    ])
    // The same row with the quantity written as meant passes without a question.
    const meant = file.replace('10.741', '10,741')
    const fine = await json<ImportBody>(
      await upload(alice, portfolio, { name: 'depot.csv', content: meant }, {}, 'de'),
      200,
    )
    expect(fine.rows[0]?.problems).toEqual([])
  })

  it('leaves deposits out of a portfolio without cash when asked, or takes them once it records cash', async () => {
    const portfolio = await newPortfolio(alice, { name: 'No cash yet', baseCurrency: 'TRY' })
    const file = [
      'Date,Type,Code,Quantity,Price,Amount,Currency',
      '2024-03-01,DEPOSIT,,,,5000,TRY',
      '2024-03-01,BUY,THYAO,10,280.5,,TRY',
    ].join('\n')
    const upload2 = (fields: Record<string, string>) =>
      upload(alice, portfolio, { name: 'cash.csv', content: file }, fields)
    const preview = await json<ImportBody>(await upload2({}), 200)
    expect(preview.rows[0]?.problems.map((problem) => problem.code)).toEqual(['cash_not_recorded'])

    const leftOut = await json<ImportBody>(
      await upload2({ leaveOutCash: 'true', dryRun: 'false' }),
      200,
    )
    expect(leftOut.written).toBe(1)
    expect(leftOut.summary).toMatchObject({ rows: 2, leftOut: 1, withProblems: 0 })
    expect(leftOut.rows[0]?.leftOut).toEqual({
      code: 'cash_not_recorded',
      message: 'Row 1: a deposit or withdrawal; left out, as this portfolio does not record cash.',
    })

    const switched = await asBrowser(alice, 'PATCH', `/api/portfolios/${portfolio}`, {
      recordsCash: true,
    })
    expect((await json<{ recordsCash: boolean }>(switched, 200)).recordsCash).toBe(true)
    const again = await json<ImportBody>(await upload2({ dryRun: 'false' }), 200)
    // The purchase is already there; the deposit now fits.
    expect(again.written).toBe(1)
    expect(await transactionCount(portfolio)).toBe(2)
    const off = await asBrowser(alice, 'PATCH', `/api/portfolios/${portfolio}`, {
      recordsCash: false,
    })
    expect((await json<ErrorBody>(off, 422)).error.code).toBe('validation_failed')
  })

  it("defines an instrument the catalog lacks with its ISIN's country", async () => {
    const portfolio = await newPortfolio(alice, { name: 'Fonds', baseCurrency: 'EUR' })
    const row = { Date: '2024-03-01', Type: 'BUY', Code: 'MYWORLD', ISIN: 'LU0274208692' }
    const cells = { ...row, Name: 'My World ETF', InstrumentType: 'ETF', Quantity: '2' }
    const line = KIYMET_HEADERS.map(
      (header) => ({ ...cells, Price: '100', Fee: '0', Tax: '0', Currency: 'EUR' })[header] ?? '',
    )
    const content = [KIYMET_HEADERS.join(','), line.join(',')].join('\n') + '\n'
    const committed = await json<ImportBody>(
      await upload(alice, portfolio, { name: 'kiymet.csv', content }, { dryRun: 'false' }),
      200,
    )
    expect(committed).toMatchObject({ written: 1, summary: { newInstruments: 1 } })
    const [own] = await admin<{ type: string; country: string | null; fund_type: null }[]>`
      select type, country, fund_type from public.instruments
      where owner_id = ${alice.id} and code = 'MYWORLD'
    `
    expect(own).toEqual({ type: 'ETF', country: 'LU', fund_type: null })
    // Within the plan's portfolios for the tests after this one.
    expect((await asBrowser(alice, 'DELETE', `/api/portfolios/${portfolio}`)).status).toBe(204)
  })

  it('pairs a reversal with the booking it cancels, and names one whose booking is already recorded', async () => {
    const portfolio = await newPortfolio(alice, { name: 'Storno', baseCurrency: 'EUR' })
    const header =
      'Buchungstag;Valuta;Bezeichnung;ISIN;Nominal (Stk.);;Betrag;;Kurs;;Devisenkurs;TA.-Nr.;Buchungsinformation'
    const buy =
      '03.04.2024;05.04.2024;BASF SE NA O.N.;DE000BASF111;30;Stk;1573,80;EUR;52,46;EUR;1,000;1;Ausführung ORDER Kauf DE000BASF111 202311846'
    const storno =
      '08.04.2024;05.04.2024;BASF SE NA O.N.;DE000BASF111;-30;Stk;-1573,80;EUR;52,46;EUR;1,000;2;Storno Ausführung ORDER Kauf DE000BASF111 202311846'
    const file = (...lines: string[]) =>
      Buffer.from([header, ...lines].join('\r\n'), 'latin1') as unknown as Uint8Array<ArrayBuffer>
    const both = await json<ImportBody>(
      await upload(alice, portfolio, { name: 'depot.csv', content: file(buy, storno) }, {}, 'de'),
      200,
    )
    expect(both.rows.map((row) => row.leftOut?.code)).toEqual(['cancelled_pair', 'cancelled_pair'])
    expect(both.rows[1]?.leftOut?.message).toBe(
      'Zeile 2 und Zeile 1 heben sich auf (eine Buchung und ihr Storno): keine von beiden wird importiert.',
    )
    expect(both.summary).toMatchObject({ withProblems: 0, leftOut: 2 })

    // The booking imported on its own first, its reversal later: named, as an import never deletes.
    await json(
      await upload(alice, portfolio, { name: 'a.csv', content: file(buy) }, { dryRun: 'false' }),
      200,
    )
    const later = await json<ImportBody>(
      await upload(alice, portfolio, { name: 'b.csv', content: file(storno) }, {}, 'de'),
      200,
    )
    expect(later.rows[0]?.problems).toEqual([
      expect.objectContaining({
        code: 'cancels_recorded',
        message: expect.stringContaining('storniert eine Buchung (Kauf) vom 03.04.2024'),
      }),
    ])
  })

  it('pairs a reversed dividend with the dividend it undoes, in the file or already recorded', async () => {
    const portfolio = await newPortfolio(alice, { name: 'Reversed', baseCurrency: 'TRY' })
    const header = 'Date,Type,Code,Quantity,Amount,Tax,Currency'
    const buy = '2024-03-01,Buy,THYAO,10,2805,,TRY'
    const dividend = '2024-05-02,Dividend,THYAO,,24.5,-3.68,TRY'
    const reversal = '2024-05-10,Dividend,THYAO,,-24.5,3.68,TRY'
    const corrected = '2024-05-10,Dividend,THYAO,,25,-3.75,TRY'
    // Interest on the account has no instrument: its reversal is matched all the same.
    const interest = ['2024-06-03,Interest,,,5,,TRY', '2024-06-10,Interest,,,-5,,TRY']
    const file = (...lines: string[]) => [header, ...lines].join('\n')
    const all = await json<ImportBody>(
      await upload(alice, portfolio, {
        name: 'dividends.csv',
        content: file(buy, dividend, reversal, corrected, ...interest),
      }),
      200,
    )
    expect(all.rows.map((row) => row.leftOut?.code ?? null)).toEqual([
      null,
      'cancelled_pair',
      'cancelled_pair',
      null,
      'cancelled_pair',
      'cancelled_pair',
    ])
    expect(all.summary).toMatchObject({ withProblems: 0, leftOut: 4 })

    // The dividend imported first, its reversal in a later file: named with the dividend's date.
    await commit(portfolio, 'a.csv', file(buy, dividend))
    const later = await json<ImportBody>(
      await upload(alice, portfolio, { name: 'b.csv', content: file(reversal) }),
      200,
    )
    expect(later.rows[0]?.problems).toEqual([
      expect.objectContaining({
        code: 'cancels_recorded',
        column: 'Amount',
        message: expect.stringContaining('“-24.5” cancels a Dividend of 05/02/24'),
      }),
    ])
  })

  it('reads a bonus issue as its units, turns a split given as units into the ratio the holding gives, once, and joins a close-and-reopen pair', async () => {
    const portfolio = await newPortfolio(alice, { name: 'Bonus issues', baseCurrency: 'TRY' })
    const header = 'Date,Type,Code,Quantity,Price,Split Ratio,Currency'
    const file = (...lines: string[]) => [header, ...lines].join('\n')
    const bonus = file(
      '2024-03-01,Buy,THYAO,10,280,,TRY',
      '2024-06-03,Bedelsiz,THYAO,10,0,,TRY',
      '2024-07-01,Stock dividend,THYAO,5,,,TRY',
      '2024-08-01,Split,THYAO,-25,,,TRY',
      '2024-08-01,Split,THYAO,50,,,TRY',
    )
    const preview = await json<ImportBody>(
      await upload(alice, portfolio, { name: 'bonus.csv', content: bonus }),
      200,
    )
    expect(preview.rows.map((row) => [row.problems, row.leftOut?.code ?? null])).toEqual([
      [[], null],
      [[], null],
      [[], null],
      [[], 'joined_row'],
      [[], null],
    ])
    expect(preview.rows[2]?.notices.map((notice) => notice.message)).toEqual([
      'Row 3: the 20 units held that day become 25, so this is read as a split of 5:4: the cost and purchase dates stay with the units.',
    ])
    expect(preview.rows[3]?.leftOut?.message).toBe(
      'Row 4: read into row 5 (one event given in two rows).',
    )
    await commit(portfolio, 'bonus.csv', bonus)
    const written = await stored(portfolio)
    expect(
      written
        .filter((row) => row.type === 'BONUS_ISSUE')
        .map((row) => [row.quantity, row.unit_price]),
    ).toEqual([['10', null]])
    const splits = written.filter((row) => row.type === 'SPLIT')
    expect(splits.map((row) => row.split_ratio)).toEqual(['5:4', '2:1'])

    // The same file again: its split is found as the one written, not worked out afresh.
    const again = await json<ImportBody>(
      await upload(alice, portfolio, { name: 'bonus.csv', content: bonus }),
      200,
    )
    expect(again.summary).toMatchObject({ duplicates: 4, withProblems: 0 })

    // Units of a share not held, and a whole position that would end in a part of a unit.
    const odd = await json<ImportBody>(
      await upload(alice, portfolio, {
        name: 'odd.csv',
        content: file(
          '2024-09-02,Stock dividend,ASELS,5,,,TRY',
          '2024-09-02,Stock dividend,THYAO,0.5,,,TRY',
        ),
      }),
      200,
    )
    expect(odd.rows.map((row) => row.problems.map((problem) => problem.message))).toEqual([
      [
        'Row 1: a split given as 5 units booked in or taken out, without its ratio. The ratio comes from the units held that day, but this portfolio held 0 of ASELS on 09/02/24. Import the purchases before it first, or enter the split with its ratio.',
      ],
      [
        expect.stringContaining(
          'Row 2: the 50 units held and those this split books in or takes out make 50.5',
        ),
      ],
    ])
  })

  it('records a currency exchange where cash is kept, from the form or a file; leaves one out elsewhere', async () => {
    const cash = await newPortfolio(alice, {
      name: 'Two currencies',
      baseCurrency: 'EUR',
      recordsCash: true,
    })
    const path = `/api/portfolios/${cash}/transactions`
    const post = (transaction: Record<string, string>, portfolioPath = path, language = 'en') =>
      asBrowser(
        alice,
        'POST',
        portfolioPath,
        { idempotencyKey: crypto.randomUUID(), transaction },
        language,
      )
    await json(await post({ type: 'DEPOSIT', tradeDate: '2024-01-02', amount: '1000' }), 201)
    const exchange = {
      type: 'EXCHANGE',
      tradeDate: '2024-01-03',
      currency: 'EUR',
      amount: '500',
      fee: '2',
      toCurrency: 'USD',
      toAmount: '540',
    }
    expect(await json(await post(exchange), 201)).toMatchObject({
      ...exchange,
      fxRate: null,
      instrument: null,
    })
    const report = await json<{ totals: { investedCapital: string; otherCosts: string } }>(
      await asBrowser(alice, 'GET', `/api/portfolios/${cash}/report?asOf=2024-01-03`),
      200,
    )
    expect(report.totals).toMatchObject({ investedCapital: '1000', otherCosts: '2' })
    // The dollars held are valued at the reference rate: 540 ÷ 1.0887 USD per EUR on 16 January
    // is 496.00 EUR for the 500 given.
    const later = await json<{ totals: { cashCurrencyEffect: string } }>(
      await asBrowser(alice, 'GET', `/api/portfolios/${cash}/report?asOf=2024-01-16`),
      200,
    )
    expect(Number(later.totals.cashCurrencyEffect)).toBeCloseTo(540 / 1.0887 - 500, 8)

    const same = await json<ErrorBody>(await post({ ...exchange, toCurrency: 'EUR' }), 422)
    expect(same.error.fields).toEqual([
      expect.objectContaining({ path: 'transaction.toCurrency', code: 'same_currency' }),
    ])
    // Without a currency the base is given: into the base again is the same refusal.
    const { currency: _given, ...unsaid } = exchange
    const defaulted = await json<ErrorBody>(await post({ ...unsaid, toCurrency: 'EUR' }), 422)
    expect(defaulted.error.fields).toEqual(same.error.fields)
    // Dollars into euros, the base: the exchange's own rate, 92 ÷ 100.
    const back = await json<{ fxRate: string }>(
      await post({
        ...exchange,
        tradeDate: '2024-01-20',
        currency: 'USD',
        amount: '100',
        toCurrency: 'EUR',
        toAmount: '92',
      }),
      201,
    )
    expect(back.fxRate).toBe('0.92')
    const cashless = await newPortfolio(alice, { name: 'No cash', baseCurrency: 'EUR' })
    const refused = await json<ErrorBody>(
      await post(exchange, `/api/portfolios/${cashless}/transactions`),
      422,
    )
    expect(refused.error.code).toBe('cash_not_recorded')

    // A file's exchange: written where cash is kept, left out (saying why) where it is not.
    const file = [
      'Date,Type,Code,Amount,Currency,ToCurrency,ToAmount',
      '2024-02-01,Currency exchange,,200,EUR,USD,216.4',
    ].join('\n')
    const written = await commit(cash, 'fx.csv', file)
    expect(written.written).toBe(1)
    expect(written.rows[0]?.transaction).toMatchObject({
      type: 'EXCHANGE',
      toCurrency: 'USD',
      toAmount: '216.4',
    })
    const left = await json<ImportBody>(
      await upload(alice, cashless, { name: 'fx.csv', content: file }),
      200,
    )
    expect(left.rows[0]?.leftOut).toEqual({
      code: 'currency_conversion',
      message:
        'Row 1: a currency exchange between the broker’s cash in two currencies; left out, as this portfolio records no cash. Record cash in it to keep each currency’s balance.',
    })
  })

  it('takes the transfer date as the acquisition date of a transfer in without one, saying so', async () => {
    const portfolio = await newPortfolio(alice, { name: 'Transfer' })
    const file = genericCsv(['2024-03-01,TRANSFER_IN,THYAO,,10,250,,,TRY,,'])
    const preview = await json<ImportBody>(
      await upload(alice, portfolio, { name: 'transfer.csv', content: file }, {}, 'tr'),
      200,
    )
    expect(preview.rows[0]?.problems).toEqual([])
    expect(preview.rows[0]?.notices).toEqual([
      expect.objectContaining({
        code: 'acquired_date_from_trade',
        message: expect.stringContaining('transfer tarihi (01.03.2024) alındı'),
      }),
    ])
    await commit(portfolio, 'transfer.csv', file)
    expect((await stored(portfolio))[0]?.acquired_date).toBe('2024-03-01')
  })
})

describe("each program's sample file (shared/import/fixtures)", () => {
  const fixtures = inject('importFixtures')
  // A caller of its own: a portfolio per sample file would take most of one plan's portfolios.
  let sampler: Caller
  beforeAll(async () => {
    sampler = await newCaller('import-samples', 'pro')
  })
  // Every sample imports whole: rows a program says are no transaction (a cancelled order, a
  // cancelled pair) are left out, and the rest is written.
  const cases: {
    file: string
    preset: string
    base: string
    language: string
    encoding?: string
    /** Rows the program says are no transaction, or a cancellation and its booking. */
    leftOut?: number
  }[] = [
    { file: 'kiymet-export.csv', preset: 'kiymet', base: 'TRY', language: 'tr' },
    { file: 'generic-tr-utf-8.csv', preset: 'generic', base: 'TRY', language: 'tr' },
    { file: 'generic-tr-windows-1254.csv', preset: 'generic', base: 'TRY', language: 'tr' },
    {
      file: 'generic-tr-iso-8859-9.csv',
      preset: 'generic',
      base: 'TRY',
      language: 'tr',
      encoding: 'iso-8859-9',
    },
    { file: 'generic-de-windows-1252.csv', preset: 'generic', base: 'EUR', language: 'de' },
    { file: 'ghostfolio-export.json', preset: 'ghostfolio', base: 'EUR', language: 'de' },
    {
      file: 'portfolio-performance-portfolio-de.csv',
      preset: 'portfolio_performance',
      base: 'EUR',
      language: 'de',
    },
    {
      file: 'portfolio-performance-account-de.csv',
      preset: 'portfolio_performance',
      base: 'EUR',
      language: 'de',
    },
    {
      file: 'portfolio-performance-portfolio-en.csv',
      preset: 'portfolio_performance',
      base: 'USD',
      language: 'en',
    },
    {
      file: 'trade-republic-transactions-v1.csv',
      preset: 'trade_republic',
      base: 'EUR',
      language: 'de',
      leftOut: 1,
    },
    {
      file: 'trade-republic-transactions-v2.csv',
      preset: 'trade_republic',
      base: 'EUR',
      language: 'de',
    },
    {
      file: 'scalable-capital-transactions.csv',
      preset: 'scalable_capital',
      base: 'EUR',
      language: 'de',
      leftOut: 2,
    },
    // Its reversal (row 7) cancels row 6: both left out.
    { file: 'flatex-depot.csv', preset: 'flatex', base: 'EUR', language: 'de', leftOut: 2 },
    { file: 'degiro-transactions-en.csv', preset: 'degiro', base: 'EUR', language: 'en' },
    { file: 'degiro-transactions-de.csv', preset: 'degiro', base: 'EUR', language: 'de' },
    {
      file: 'interactive-brokers-flex-trades.csv',
      preset: 'interactive_brokers',
      base: 'EUR',
      language: 'en',
      leftOut: 3,
    },
    {
      file: 'interactive-brokers-flex-cash.csv',
      preset: 'interactive_brokers',
      base: 'EUR',
      language: 'en',
    },
    { file: 'garanti-bbva-yatirim.csv', preset: 'garanti_bbva', base: 'TRY', language: 'tr' },
    { file: 'wealthfolio-activities.csv', preset: 'wealthfolio', base: 'USD', language: 'en' },
    {
      file: 'interactive-brokers-activity-statement.csv',
      preset: 'interactive_brokers_statement',
      base: 'EUR',
      language: 'en',
    },
    {
      file: 'interactive-brokers-flex-sections.csv',
      preset: 'interactive_brokers',
      base: 'EUR',
      language: 'en',
      leftOut: 1,
    },
    {
      file: 'degiro-account-en.csv',
      preset: 'degiro_account',
      base: 'EUR',
      language: 'en',
      leftOut: 12,
    },
    {
      file: 'degiro-account-nl.csv',
      preset: 'degiro_account',
      base: 'EUR',
      language: 'en',
      leftOut: 10,
    },
    // English falls back to month-first dates: the preset's day-first reading must hold.
    { file: 'ghostfolio-activities.csv', preset: 'ghostfolio', base: 'EUR', language: 'en' },
    {
      file: 'kiymet-spreadsheet-tr.csv',
      preset: 'kiymet_spreadsheet',
      base: 'TRY',
      language: 'tr',
    },
    {
      file: 'kiymet-spreadsheet-de.csv',
      preset: 'kiymet_spreadsheet',
      base: 'EUR',
      language: 'de',
    },
    // German falls back to day-first dates: the English headers' month-first reading must hold
    // (day first, its sale would come before its purchase).
    {
      file: 'kiymet-spreadsheet-en.csv',
      preset: 'kiymet_spreadsheet',
      base: 'USD',
      language: 'de',
    },
  ]

  it('covers every sample file', () => {
    expect(Object.keys(fixtures).sort()).toEqual(cases.map((entry) => entry.file).sort())
  })

  it.each(cases)('$file: previewed, then written whole', async (entry) => {
    const portfolio = await newPortfolio(sampler, {
      name: entry.file.slice(0, 40),
      baseCurrency: entry.base,
      recordsCash: true,
    })
    const content = Uint8Array.from(atob(fixtures[entry.file] ?? ''), (char) => char.charCodeAt(0))
    const fields: Record<string, string> = entry.encoding ? { encoding: entry.encoding } : {}
    const file = { name: entry.file, content }
    const preview = await json<ImportBody>(
      await upload(sampler, portfolio, file, fields, entry.language),
      200,
    )
    expect(preview.read.preset).toBe(entry.preset)
    const problems = preview.rows.flatMap((row) =>
      row.problems.map((problem) => ({ row: row.row, code: problem.code })),
    )
    expect(problems).toEqual([])
    expect(preview.summary.leftOut).toBe(entry.leftOut ?? 0)
    // Each sample goes into a portfolio that records cash: its currency exchanges are written.
    const conversions = preview.rows.filter((row) => row.leftOut?.code.startsWith('currency_'))
    expect(conversions).toEqual([])
    const commit = await upload(
      sampler,
      portfolio,
      file,
      { ...fields, dryRun: 'false' },
      entry.language,
    )
    const toWrite = preview.summary.rows - preview.summary.leftOut
    expect((await json<ImportBody>(commit, 200)).written).toBe(toWrite)
    expect(await transactionCount(portfolio)).toBe(toWrite)
    // A broker's file in euros is a German depot: each of its years has a German tax view.
    if (entry.base === 'EUR') {
      const years = new Set(
        preview.rows.flatMap((row) => {
          const date = row.transaction?.tradeDate
          return date ? [date.slice(0, 4)] : []
        }),
      )
      for (const year of years) {
        const view = await asBrowser(
          sampler,
          'GET',
          `/api/portfolios/${portfolio}/tax/germany/${year}`,
        )
        expect(view.status, `${entry.file} ${year}: ${await view.clone().text()}`).toBe(200)
      }
    }
    // More sample files than a plan has portfolios: each goes once checked.
    expect((await asBrowser(sampler, 'DELETE', `/api/portfolios/${portfolio}`)).status).toBe(204)
  })
})

describe('export', () => {
  it('downloads the portfolio as CSV with its name and date, formula cells neutralized', async () => {
    const portfolio = await newPortfolio(alice, { name: 'Yatırım Hesabı' })
    const file = genericCsv([
      '2024-03-01,BUY,THYAO,,10,280.5,,,TRY,,=HYPERLINK("http://evil.example")',
    ])
    await json(
      await upload(alice, portfolio, { name: 'f.csv', content: file }, { dryRun: 'false' }),
      200,
    )
    const response = await asBrowser(alice, 'GET', `/api/portfolios/${portfolio}/export`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const today = new Date().toISOString().slice(0, 10)
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="kiymet-yatirim-hesabi-${today}.csv"`,
    )
    const csv = (await response.text()).replace(/^\uFEFF/, '')
    const [header, row] = csv.split(/\r?\n/)
    expect(header).toBe(
      'Date,Type,Code,ISIN,Name,InstrumentType,Exchange,Quantity,Price,Amount,Fee,Tax,Currency,FxRate,SplitRatio,AcquiredDate,AcquisitionFxRate,ToCurrency,ToAmount,Note',
    )
    expect(row).toContain('2024-03-01,BUY,THYAO')
    expect(row).not.toMatch(/,"?=HYPERLINK/)
    expect(row).toMatch(/'=HYPERLINK/)

    const pp = await asBrowser(
      alice,
      'GET',
      `/api/portfolios/${portfolio}/export?format=portfolio_performance`,
    )
    expect(pp.status).toBe(200)
    expect(pp.headers.get('Content-Disposition')).toContain('-portfolio-performance-')
    expect(await pp.text()).toContain('THYAO')
    expect((await asBrowser(bob, 'GET', `/api/portfolios/${portfolio}/export`)).status).toBe(404)
  })

  it('writes the spreadsheet export in the language asked for, the machine format as it was', async () => {
    const frank = await newCaller('export-frank', 'pro')
    const portfolio = await newPortfolio(frank, { name: 'Tablo' })
    // 1,000 for 3 units: the price is a quotient, stored with twenty decimals.
    const file =
      'Date,Type,Code,Quantity,Amount,Fee,Currency,Note\n' +
      '2024-03-01,BUY,THYAO,3,1000,0,TRY,"Not; ""tırnak"""\n'
    await json(
      await upload(frank, portfolio, { name: 'f.csv', content: file }, { dryRun: 'false' }),
      200,
    )
    const exported = (query: string, language = 'en') =>
      asBrowser(frank, 'GET', `/api/portfolios/${portfolio}/export${query}`, undefined, language)
    const today = new Date().toISOString().slice(0, 10)

    const machine = await (await exported('')).text()
    expect(machine.split('\r\n')[1]).toMatch(
      /^2024-03-01,BUY,THYAO,.*,3,333\.33333333333333333333,,0,0,TRY,/,
    )
    expect(await (await exported('?format=kiymet')).text()).toBe(machine)

    const german = await exported('?format=kiymet_spreadsheet&locale=de')
    expect(german.status).toBe(200)
    expect(german.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(german.headers.get('Content-Disposition')).toBe(
      `attachment; filename="kiymet-tablo-de-${today}.csv"`,
    )
    // UTF-8 with a byte order mark, which Excel needs to read the letters right.
    const bytes = new Uint8Array(await german.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const [header, row] = new TextDecoder().decode(bytes).split('\r\n')
    expect(header).toBe(
      'Datum;Art;Kürzel;ISIN;Name;Wertpapierart;Börse;Stückzahl;Kurs;Betrag;Gebühren;' +
        'Steuern;Währung;Wechselkurs;Split-Verhältnis;Ursprünglich gekauft am;' +
        'Wechselkurs beim Kauf;Erhaltene Währung (Wechsel);Erhaltener Betrag (Wechsel);Notiz',
    )
    expect(row).toMatch(/^01\.03\.2024;Kauf;THYAO;.*;Aktie;.*;3;333,33;;0,00;0,00;TRY;;;;;;;/)
    expect(row).toMatch(/;"Not; ""tırnak"""$/)

    // Without `locale`, the language of Accept-Language.
    const turkish = await exported('?format=kiymet_spreadsheet', 'tr')
    expect(turkish.headers.get('Content-Disposition')).toContain(`-tr-${today}.csv`)
    const [turkishHeader, turkishRow] = (await turkish.text()).split('\r\n')
    expect(turkishHeader).toMatch(/^Tarih;İşlem türü;Kod;ISIN;Ad;Menkul kıymet türü;/)
    expect(turkishRow).toMatch(/^01\.03\.2024;Alış;THYAO;.*;3;333,33;;0,00;0,00;TRY;/)

    const english = await exported('?format=kiymet_spreadsheet&locale=en', 'de')
    const [englishHeader, englishRow] = (await english.text()).split('\r\n')
    expect(englishHeader).toMatch(/^Date,Type,Code,ISIN,Name,Kind of instrument,/)
    expect(englishRow).toMatch(/^03\/01\/2024,Buy,THYAO,.*,3,333\.33,,0\.00,0\.00,TRY,/)

    const unknown = await json<{ error: { code: string; fields: { path: string }[] } }>(
      await exported('?format=kiymet_spreadsheet&locale=fr'),
      400,
    )
    expect(unknown.error).toMatchObject({ code: 'invalid_query', fields: [{ path: 'locale' }] })
  })

  it('imports back into an empty portfolio to the identical report', async () => {
    const erin = await newCaller('import-erin', 'pro')
    const source = await newPortfolio(erin, { name: 'Source', recordsCash: true })
    const fund = await json<{ id: string }>(
      await asBrowser(erin, 'POST', '/api/instruments', {
        code: 'ERINFUND',
        name: 'Erin Fund',
        type: 'FUND',
        currency: 'EUR',
      }),
      201,
    )
    const catalog = async (code: string) => {
      const [row] = await admin<{ id: string }[]>`
        select id from public.instruments where owner_id is null and code = ${code} limit 1
      `
      return row?.id as string
    }
    const [thyao, aapl] = await Promise.all([catalog('THYAO'), catalog('AAPL')])
    const transactions = [
      { type: 'DEPOSIT', tradeDate: '2024-01-02', amount: '100000' },
      { type: 'DEPOSIT', tradeDate: '2024-01-02', amount: '1000', currency: 'USD', fxRate: '29.9' },
      {
        type: 'BUY',
        tradeDate: '2024-01-03',
        instrumentId: thyao,
        quantity: '100',
        unitPrice: '250.25',
        fee: '12.5',
        tax: '1.25',
      },
      {
        type: 'BUY',
        tradeDate: '2024-01-04',
        instrumentId: aapl,
        quantity: '3',
        unitPrice: '185.5',
        fee: '1',
        fxRate: '30.01',
        note: '-not a formula',
      },
      {
        type: 'TRANSFER_IN',
        tradeDate: '2024-01-05',
        instrumentId: fund.id,
        quantity: '10',
        unitPrice: '95',
        acquiredDate: '2023-05-02',
        acquisitionFxRate: '24.5',
        fxRate: '33.1',
      },
      {
        type: 'DIVIDEND',
        tradeDate: '2024-02-15',
        instrumentId: aapl,
        amount: '0.72',
        tax: '0.11',
        fxRate: '30.6',
      },
      { type: 'SPLIT', tradeDate: '2024-03-01', instrumentId: thyao, splitRatio: '2:1' },
      {
        type: 'SELL',
        tradeDate: '2024-03-05',
        instrumentId: thyao,
        quantity: '50',
        unitPrice: '140',
        fee: '3',
      },
      { type: 'TRANSFER_OUT', tradeDate: '2024-03-06', instrumentId: fund.id, quantity: '4' },
      { type: 'INTEREST', tradeDate: '2024-03-31', amount: '55.5' },
      { type: 'FEE', tradeDate: '2024-04-01', amount: '10' },
      { type: 'TAX', tradeDate: '2024-04-02', amount: '7.5' },
      { type: 'WITHDRAWAL', tradeDate: '2024-04-03', amount: '500' },
      {
        type: 'SELL',
        tradeDate: '2024-04-04',
        instrumentId: aapl,
        quantity: '1',
        unitPrice: '170',
        fxRate: '32.1',
      },
    ]
    for (const transaction of transactions) {
      await json(
        await asBrowser(erin, 'POST', `/api/portfolios/${source}/transactions`, {
          idempotencyKey: crypto.randomUUID(),
          transaction,
        }),
        201,
      )
    }
    const exported = await asBrowser(erin, 'GET', `/api/portfolios/${source}/export`)
    const csv = await exported.text()
    const target = await newPortfolio(erin, { name: 'Target', recordsCash: true })
    const imported = await json<ImportBody>(
      await upload(erin, target, { name: 'export.csv', content: csv }, { dryRun: 'false' }),
      200,
    )
    expect(imported.read.preset).toBe('kiymet')
    expect(imported.written).toBe(transactions.length)
    expect(imported.summary.newInstruments).toBe(0)

    const report = async (id: string) =>
      withoutIds(
        await json<unknown>(
          await asBrowser(erin, 'GET', `/api/portfolios/${id}/report?asOf=2024-06-30`),
          200,
        ),
      )
    expect(await report(target)).toEqual(await report(source))

    // The spreadsheet export in each language, read by someone whose browser speaks another.
    const readers = { tr: 'en', en: 'de', de: 'tr' } as const
    for (const [locale, reader] of Object.entries(readers)) {
      const spreadsheet = await asBrowser(
        erin,
        'GET',
        `/api/portfolios/${source}/export?format=kiymet_spreadsheet&locale=${locale}`,
      )
      const copy = await newPortfolio(erin, { name: `Copy ${locale}`, recordsCash: true })
      const read = await json<ImportBody>(
        await upload(
          erin,
          copy,
          { name: 'export.csv', content: await spreadsheet.text() },
          { dryRun: 'false' },
          reader,
        ),
        200,
      )
      expect(read.read.preset).toBe('kiymet_spreadsheet')
      expect(read.written).toBe(transactions.length)
      expect(read.summary.newInstruments).toBe(0)
      expect(await report(copy)).toEqual(await report(source))
    }
  })
})

/** A report without the ids of the transactions behind it, which differ between portfolios. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === 'transactionId' || key === 'acquiredBy' ? typeof inner : withoutIds(inner),
    ]),
  )
}

describe('saved mappings', () => {
  it('saves, lists, replaces by name and deletes; never anyone else’s', async () => {
    const mapping = { date: 'Datum', type: 'Art', code: 'Symbol', quantity: 'Stück', price: 'Kurs' }
    const options = {
      encoding: 'windows-1252',
      separator: ';',
      decimalSeparator: ',',
      dateOrder: 'DMY',
    }
    const saved = await json<{ id: string; name: string }>(
      await asBrowser(alice, 'POST', '/api/import-mappings', {
        name: ' Meine Bank ',
        mapping,
        options,
      }),
      201,
    )
    expect(saved).toEqual({ id: expect.any(String), name: 'Meine Bank', mapping, options })
    const replaced = await json<{ id: string }>(
      await asBrowser(alice, 'POST', '/api/import-mappings', {
        name: 'Meine Bank',
        mapping: { ...mapping, fee: 'Gebühr' },
        options,
      }),
      201,
    )
    expect(replaced.id).toBe(saved.id)
    const list = await json<{ mappings: { name: string; mapping: Record<string, string> }[] }>(
      await asBrowser(alice, 'GET', '/api/import-mappings'),
      200,
    )
    expect(list.mappings).toEqual([
      { id: saved.id, name: 'Meine Bank', mapping: { ...mapping, fee: 'Gebühr' }, options },
    ])
    expect(
      (
        await json<{ mappings: unknown[] }>(
          await asBrowser(bob, 'GET', '/api/import-mappings'),
          200,
        )
      ).mappings,
    ).toEqual([])
    const notBobs = await json<ErrorBody>(
      await asBrowser(bob, 'DELETE', `/api/import-mappings/${saved.id}`),
      404,
    )
    expect(notBobs.error.code).toBe('import_mapping_not_found')
    const invalid = await json<ErrorBody>(
      await asBrowser(alice, 'POST', '/api/import-mappings', {
        name: '',
        mapping: { nonsense: 'x' },
        options,
      }),
      422,
    )
    expect(invalid.error.code).toBe('validation_failed')
    expect((await asBrowser(alice, 'DELETE', `/api/import-mappings/${saved.id}`)).status).toBe(204)
    expect(
      (
        await json<{ mappings: unknown[] }>(
          await asBrowser(alice, 'GET', '/api/import-mappings'),
          200,
        )
      ).mappings,
    ).toEqual([])
  })
})
