import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { bistSource } from '../../worker/catalog/bist-source'
import {
  CATALOG_CRON,
  refreshCatalog,
  type CatalogRefreshOptions,
} from '../../worker/catalog/refresh-catalog'
import { usSource } from '../../worker/catalog/us-source'
import { arrayLiteral } from '../../worker/api/store/sql-values'
import { withOwnerTransaction } from '../../worker/db/run-as-owner'
import type { Env } from '../../worker/env'
import worker from '../../worker/index'
import { backend } from './auth-backend'

// The scheduled catalog refresh in workerd, against the stand-in sources (tests/catalog-fixtures)
// and the local Postgres with the starter catalog. Every line the job adds is removed afterwards
// and the starter lines it adopts are given back as they were, so the other suites (the quote
// job's) see the starter catalog.
const fixtures = inject('catalogFixturesUrl')
const database = { HYPERDRIVE: { connectionString: backend.databaseUrl } }
const jobEnv = {
  ...database,
  CATALOG_BIST_URL: `${fixtures}/bist`,
  CATALOG_MKK_URL: `${fixtures}/mkk`,
  CATALOG_TEFAS_URL: `${fixtures}/tefas`,
  CATALOG_XETRA_URL: `${fixtures}/xetra`,
  CATALOG_NASDAQ_URL: `${fixtures}/nasdaq`,
  CATALOG_SP500_URL: `${fixtures}/sp500`,
}
const MONDAY_MORNING = new Date('2026-08-10T05:00:00Z')

interface LineRow {
  id: string
  code: string
  name: string
  exchange: string
  isin: string | null
  wkn: string | null
  fund_category: string | null
  fund_type: string | null
  tefas_fund_class: string | null
  country: string | null
  founder: string | null
  price_provider: string | null
  price_symbol: string | null
  listed_by: string | null
  unlisted: boolean
}

/** The starter lines before the job ran, by id. */
let starter = new Map<string, LineRow>()

/** Pacing and back-off on a clock that moves only by the waits. */
function instant(): CatalogRefreshOptions {
  let clock = MONDAY_MORNING.getTime()
  const sleep = async (ms: number) => {
    clock += ms
  }
  return { http: { sleep, now: () => clock } }
}

const lines = () =>
  withOwnerTransaction(
    database,
    (sql) => sql<LineRow[]>`
      select id, code, name, exchange, isin, wkn, fund_category, fund_type, tefas_fund_class,
        country, founder, price_provider, price_symbol, listed_by,
        unlisted_since is not null as unlisted
      from public.instruments where owner_id is null order by code, exchange
    `,
  )
const line = async (code: string) => (await lines()).find((row) => row.code === code)

const statusOf = async (source: string) => {
  const [row] = await withOwnerTransaction(
    database,
    (sql) => sql<
      {
        last_success_at: Date | null
        last_line_count: number | null
        last_error_at: Date | null
        last_error_code: string | null
        last_error_message: string | null
      }[]
    >`select last_success_at, last_line_count, last_error_at, last_error_code, last_error_message
      from public.catalog_source_status where source = ${source}`,
  )
  return row ?? null
}

async function requested(): Promise<string[]> {
  return (await (await fetch(`${fixtures}/__requests`)).json()) as string[]
}

async function reset(): Promise<void> {
  await fetch(`${fixtures}/__reset`, { method: 'POST' })
}

/** The catalog as before: the job's lines gone, the starter lines without what it wrote. */
async function restoreStarter(): Promise<void> {
  await withOwnerTransaction(database, async (sql) => {
    await sql`
      delete from public.instruments
      where owner_id is null and not (id = any(${arrayLiteral([...starter.keys()])}::uuid[]))
    `
    // The starter lines' fund types and countries are the migrations'.
    const kept = sql.json(
      [...starter.values()].map(({ id, fund_type, country }) => ({ id, fund_type, country })),
    )
    await sql`
      update public.instruments i set listed_by = null, unlisted_since = null, wkn = null,
        fund_category = null, fund_type = k.fund_type, tefas_fund_class = null,
        country = k.country, founder = null
      from jsonb_to_recordset(${kept}) as k(id uuid, fund_type text, country text)
      where i.owner_id is null and i.id = k.id
    `
    await sql`delete from public.catalog_source_status`
    await sql`delete from public.catalog_isin_lookups`
  })
}

beforeAll(async () => {
  starter = new Map((await lines()).map((row) => [row.id, row]))
  await restoreStarter()
  await reset()
})

afterAll(restoreStarter)

describe('the scheduled catalog refresh', () => {
  it('runs on its weekday cron; a failing source leaves the others', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const ctx = createExecutionContext()
    const controller = createScheduledController({
      scheduledTime: MONDAY_MORNING,
      cron: CATALOG_CRON,
    })
    // TEFAS answers its failure inside a 200 at once: no 11 s waits in real time here.
    const settings = { ...jobEnv, CATALOG_TEFAS_URL: `${fixtures}/malformed/tefas` }
    worker.scheduled(controller, { ...env, ...settings } as Env, ctx)
    await waitOnExecutionContext(ctx)

    expect(await line('ASTOR')).toMatchObject({ listed_by: 'bist', isin: 'TREASTR00013' })
    expect(await line('EUNL')).toMatchObject({ listed_by: 'xetra', wkn: 'A0RPWH' })
    expect(await line('CBOE')).toMatchObject({ listed_by: 'us', exchange: 'CBOE' })
    expect(await line('AFA')).toBeUndefined()
    expect(await statusOf('tefas')).toMatchObject({
      last_success_at: null,
      last_error_code: 'server_error',
      last_error_message: 'TEFAS answered: Sistem Hatası!!',
    })
    for (const source of ['bist', 'xetra', 'us']) {
      expect((await statusOf(source))?.last_success_at).toBeInstanceOf(Date)
    }
    const logLines = logged.mock.calls.map(
      ([text]) => JSON.parse(String(text)) as Record<string, unknown>,
    )
    expect(logLines).toContainEqual(
      expect.objectContaining({ level: 'error', where: 'catalog-refresh', source: 'tefas' }),
    )
    logged.mockRestore()
  }, 40_000)

  it('adds every line, keeps the starter lines and their ids, and fills what the sources know', async () => {
    await restoreStarter()
    await reset()
    const before = await lines()
    const results = await refreshCatalog(jobEnv, MONDAY_MORNING, instant())
    expect(results).toEqual([
      { source: 'bist', lines: 6, added: 2, changed: 4, unlisted: 0, isins: 1 },
      { source: 'tefas', lines: 5, added: 5, changed: 0, unlisted: 0 },
      { source: 'xetra', lines: 7, added: 2, changed: 5, unlisted: 0 },
      { source: 'us', lines: 8, added: 2, changed: 6, unlisted: 0 },
    ])
    const after = await lines()
    // Not one starter line lost its id or its name.
    for (const row of before) {
      expect(after.find((found) => found.id === row.id)).toMatchObject({
        code: row.code,
        name: row.name,
        price_symbol: row.price_symbol,
      })
    }
    expect(await line('THYAO')).toMatchObject({
      name: 'Türk Hava Yolları',
      isin: 'TRATHYAO91M5',
      listed_by: 'bist',
      price_symbol: 'THYAO.IS',
    })
    expect(await line('ASTOR')).toMatchObject({
      name: 'ASTOR ENERJİ',
      exchange: 'BIST',
      isin: 'TREASTR00013',
      price_provider: 'yahoo',
      price_symbol: 'ASTOR.IS',
    })
    // MKK does not know it: asked, recorded, and left without an ISIN.
    expect(await line('KONTR')).toMatchObject({ isin: null, listed_by: 'bist' })
    expect(await line('AFA')).toMatchObject({
      exchange: 'TEFAS',
      fund_category: 'Hisse Senedi Şemsiye Fonu',
      fund_type: 'equity',
      // A foreign share fund: in the group the reduced stopaj rates left out.
      tefas_fund_class: 'foreign',
      country: 'TR',
      founder: 'AK PORTFÖY YÖNETİMİ A.Ş.',
      price_provider: 'tefas',
      price_symbol: 'AFA',
    })
    expect(await line('AEY')).toMatchObject({
      founder: 'ANADOLU HAYAT EMEKLİLİK A.Ş.',
      fund_type: 'other',
      // A pension fund: not taxed by the fund stopaj.
      tefas_fund_class: null,
    })
    expect(await line('TZL')).toMatchObject({
      fund_category: 'Serbest Şemsiye Fonu',
      fund_type: null,
      tefas_fund_class: 'hedge',
    })
    expect(await line('TTE')).toMatchObject({ tefas_fund_class: 'equityIntensive' })
    // No other source's line has one.
    expect(await line('THYAO')).toMatchObject({ tefas_fund_class: null })
    expect(await line('SAP')).toMatchObject({
      name: 'SAP',
      wkn: '716460',
      listed_by: 'xetra',
      country: 'DE',
      fund_type: null,
    })
    expect(await line('BGX')).toMatchObject({ wkn: 'A2ARPV', isin: 'BG9000011163', country: 'BG' })
    // The job's own reading of the names agrees with the migration's for the starter ETFs.
    expect(await line('EUNL')).toMatchObject({ fund_type: 'equity', country: 'IE' })
    expect(await line('IBCA')).toMatchObject({ fund_type: 'other', country: 'IE' })
    // An ISIN from MKK brings its country; the S&P 500's lines have neither.
    expect(await line('ASTOR')).toMatchObject({ country: 'TR' })
    expect(await line('A')).toMatchObject({ isin: null, country: null })
    expect(await line('4GLD')).toBeUndefined()
    expect(await line('BRK.B')).toMatchObject({ exchange: 'NYSE', price_symbol: 'BRK-B' })
    expect(await line('A')).toMatchObject({ name: 'Agilent Technologies', exchange: 'NYSE' })

    expect(await requested()).toEqual(
      expect.arrayContaining([
        'GET /bist/datum/hisse_endeks_ds.csv',
        'POST /mkk/v17/tvs/isin/portal/bff/tvs/isin/portal/public/isinSirketListe',
        'POST /mkk/v17/tvs/isin/portal/bff/tvs/isin/portal/public/isinListele ASTR',
        'GET /xetra/cash-en/trading/Tradable-Instruments-Xetra/Downloads',
        'GET /nasdaq/dynamic/SymDir/otherlisted.txt',
        'GET /sp500/data/constituents.csv',
      ]),
    )
    expect((await requested()).filter((path) => path.startsWith('POST /tefas/'))).toEqual([
      'POST /tefas/api/funds/fonKurucuGetir YAT',
      'POST /tefas/api/funds/fonYonetimBazliBilgiGetir YAT',
      'POST /tefas/api/funds/fonKurucuGetir EMK',
      'POST /tefas/api/funds/fonYonetimBazliBilgiGetir EMK',
    ])
    expect(await statusOf('tefas')).toMatchObject({ last_line_count: 5, last_error_at: null })
  })

  it('is idempotent: a second run changes nothing and asks MKK about no share twice a run', async () => {
    await reset()
    const results = await refreshCatalog(jobEnv, MONDAY_MORNING, instant())
    expect(
      results.map(({ added, changed, unlisted, error }) => ({ added, changed, unlisted, error })),
    ).toEqual(Array(4).fill({ added: 0, changed: 0, unlisted: 0, error: undefined }))
    expect((await requested()).filter((path) => path.includes('isinListele'))).toEqual([])
  })

  it('marks a line its source no longer lists, keeps it, and lists one again that comes back', async () => {
    const [gone] = await withOwnerTransaction(
      database,
      (sql) => sql<{ id: string }[]>`
        insert into public.instruments (owner_id, code, name, type, currency, exchange,
          price_provider, price_symbol, listed_by)
        values (null, 'GONE', 'Gone Holding', 'STOCK', 'TRY', 'BIST', 'yahoo', 'GONE.IS', 'bist')
        returning id
      `,
    )
    await withOwnerTransaction(
      database,
      (sql) => sql`
        update public.instruments set unlisted_since = now()
        where owner_id is null and code = 'THYAO'
      `,
    )
    const [bist] = await refreshCatalog(jobEnv, MONDAY_MORNING, {
      ...instant(),
      sources: [bistSource],
    })
    expect(bist).toMatchObject({ added: 0, changed: 1, unlisted: 1 })
    expect(await line('GONE')).toMatchObject({ id: gone?.id, unlisted: true })
    expect(await line('THYAO')).toMatchObject({ unlisted: false })
  })

  it('refuses a list much shorter than the lines its source keeps, and a source that is down', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await withOwnerTransaction(
      database,
      (sql) => sql`
        insert into public.instruments (owner_id, code, name, type, currency, exchange, listed_by)
        select null, 'USX' || n, 'US line ' || n, 'STOCK', 'USD', 'NYSE', 'us'
        from generate_series(1, 20) n
      `,
    )
    const success = (await statusOf('us'))?.last_success_at
    const [us] = await refreshCatalog(jobEnv, MONDAY_MORNING, { ...instant(), sources: [usSource] })
    expect(us).toMatchObject({ lines: 8, added: 0, unlisted: 0, error: { code: 'bad_response' } })
    expect(await line('USX1')).toMatchObject({ unlisted: false })
    expect(await statusOf('us')).toMatchObject({
      last_success_at: success,
      last_error_code: 'bad_response',
    })

    const results = await refreshCatalog(
      { ...jobEnv, CATALOG_XETRA_URL: `${fixtures}/down/xetra` },
      MONDAY_MORNING,
      instant(),
    )
    expect(results.map((result) => [result.source, result.error?.code])).toEqual([
      ['bist', undefined],
      ['tefas', undefined],
      ['xetra', 'server_error'],
      ['us', 'bad_response'],
    ])
    expect(await line('EUNL')).toMatchObject({ unlisted: false, listed_by: 'xetra' })
    logged.mockRestore()
  })
})
