import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchInstruments } from '../../worker/api/store/instrument-store'
import { as, asOwner, signUp, type TestUser } from './portfolio-users'

// The catalog the scheduled job keeps (20261128040000_instrument_catalog_sources.sql): the
// sources' columns and their checks, the job's own tables no API role reaches, and the search
// (worker/api/store/instrument-store.ts) over the folded names, codes, ISINs and WKNs.

let alice: TestUser

/** Catalog lines beside the starter catalog's THYAO, ISCTR and SAP, to rank them against. */
const LINES = [
  // A code that starts like THYAO, no longer listed by its source.
  ['THYA', 'Eski Türk Hava Payı', 'STOCK', 'BIST', null, 'bist', true],
  // Names that hold "thy", "türk" and "hava" elsewhere, and a fund with its type and founder.
  ['THTEK', 'THY Teknik A.Ş.', 'STOCK', 'BIST', null, 'bist', false],
  ['TRHVA', 'Türkiye Hava Taşımacılığı', 'STOCK', 'BIST', null, 'bist', false],
  ['TTE', 'İŞ PORTFÖY BIST TEKNOLOJİ HİSSE SENEDİ FONU', 'FUND', 'TEFAS', null, 'tefas', false],
  ['ISMEN', 'İş Yatırım Menkul Değerler', 'STOCK', 'BIST', 'TREISMN00010', 'bist', false],
] as const

beforeAll(async () => {
  alice = await signUp()
  await asOwner(async (sql) => {
    for (const [code, name, type, exchange, isin, source, unlisted] of LINES) {
      await sql`
        insert into public.instruments
          (owner_id, code, name, type, currency, exchange, isin, listed_by, unlisted_since)
        values (null, ${code}, ${name}, ${type}, 'TRY', ${exchange}, ${isin}, ${source},
          ${unlisted ? new Date() : null})
      `
    }
    await sql`
      update public.instruments set fund_category = 'Hisse Senedi Şemsiye Fonu',
        founder = 'İŞ PORTFÖY YÖNETİMİ A.Ş.'
      where owner_id is null and code = 'TTE'
    `
    await sql`update public.instruments set wkn = '716460' where owner_id is null and code = 'SAP'`
  })
  // Alice's own instrument whose code starts with THY, too.
  await as(
    alice,
    (sql) => sql`
      insert into public.instruments (code, name, type, currency)
      values ('THYAOX', 'My airline notes', 'OTHER', 'TRY')
    `,
  )
})

afterAll(async () => {
  await asOwner(async (sql) => {
    await sql`
      delete from public.instruments
      where owner_id is null and code in ${sql(LINES.map(([code]) => code))}
    `
    await sql`update public.instruments set wkn = null where owner_id is null and code = 'SAP'`
  })
})

const codes = async (q: string) =>
  (await as(alice, (sql) => searchInstruments(sql, q, 20))).map((found) => found.code)

describe('the catalog search', () => {
  it.each([
    ['THY', 'by its code'],
    ['thy', 'by its code in lower case'],
    ['türk hava', 'by the words its name starts with'],
    ['TURK HAVA', 'without the accents, in capitals'],
    ['Türk Hava Yolları', 'by its whole name'],
    ['turk hava yollari', 'by its whole name in ASCII'],
    ['hava yolları', 'by words within its name'],
    ['TRATHYAO91M5', 'by its ISIN'],
    ['trathyao91m5', 'by its ISIN in lower case'],
  ])('finds THYAO first for "%s" (%s)', async (q) => {
    expect((await codes(q))[0]).toBe('THYAO')
  })

  it('ranks code prefixes listed ones first, then by length, before names', async () => {
    const found = await codes('THY')
    // THYA is shorter but its source dropped it: after the listed lines of its rank.
    expect(found.slice(0, 3)).toEqual(['THYAO', 'THYAOX', 'THYA'])
    // Then the name whose first word starts with the letters.
    expect(found).toContain('THTEK')
    expect(found.indexOf('THTEK')).toBeGreaterThan(found.indexOf('THYAOX'))
  })

  it('matches İ, I, ı and i with each other, as users type them', async () => {
    for (const q of ['iş bankası', 'İŞ BANKASI', 'IS BANKASI', 'ış bankası', 'Is Bankasi']) {
      expect((await codes(q))[0], q).toBe('ISCTR')
    }
    expect((await codes('ısctr'))[0]).toBe('ISCTR')
    // Words start words: "iş" finds İş Yatırım and İŞ PORTFÖY, not "Teknoloji" or "Dış".
    const is = await codes('iş')
    expect(is).toEqual(expect.arrayContaining(['ISCTR', 'ISMEN', 'TTE']))
    expect(is).not.toContain('THYAO')
  })

  it('finds a line by its WKN and a fund with its category and founder', async () => {
    expect((await codes('716460'))[0]).toBe('SAP')
    const [fund] = await as(alice, (sql) => searchInstruments(sql, 'iş portföy teknoloji', 5))
    expect(fund).toMatchObject({
      code: 'TTE',
      fundCategory: 'Hisse Senedi Şemsiye Fonu',
      founder: 'İŞ PORTFÖY YÖNETİMİ A.Ş.',
      wkn: null,
    })
  })

  it('finds nothing for text without letters or digits, and lists the catalog for none', async () => {
    expect(await codes('- .')).toEqual([])
    expect(await codes('')).toHaveLength(20)
  })

  it('reads names through the folded-words index, not row by row', async () => {
    await asOwner(async (sql) => {
      await sql`
        insert into public.instruments (owner_id, code, name, type, currency, exchange)
        select null, 'PLAN' || n, 'Fon ' || md5(n::text) || ' Portföy', 'FUND', 'TRY', 'PLANTEST'
        from generate_series(1, 5000) n
      `
      await sql`analyze public.instruments`
      const plan = await sql.unsafe(`
        explain select id from public.instruments
        where public.search_words(name) like '%' || public.search_words('türk') || '%'
          and public.search_words(name) like '%' || public.search_words('hava') || '%'
      `)
      const text = plan.map((row) => String(row['QUERY PLAN'])).join('\n')
      expect(text).toContain('instruments_search_words_idx')
      // Undo the lines: this transaction is rolled back.
      throw new RollBack()
    }).catch((error: unknown) => {
      if (!(error instanceof RollBack)) throw error
    })
  })
})

class RollBack extends Error {}

describe('the sources’ columns', () => {
  const own = (fields: Record<string, string | null>) =>
    as(
      alice,
      (sql) => sql`
        insert into public.instruments (code, name, type, currency, wkn, listed_by)
        values (${fields.code ?? 'OWNX'}, 'Own', 'OTHER', 'EUR', ${fields.wkn ?? null},
          ${fields.listed_by ?? null})
      `,
    )

  it.each([
    ['a WKN of five', { wkn: '71646' }, 'instruments_wkn_check'],
    ['a WKN in lower case', { wkn: 'a0rpwh' }, 'instruments_wkn_check'],
    [
      'a source on a user’s own instrument',
      { listed_by: 'bist' },
      'instruments_listed_by_catalog_check',
    ],
  ])('refuses %s', async (_, fields, constraint) => {
    await expect(own(fields)).rejects.toMatchObject({ code: '23514', constraint_name: constraint })
  })

  it('refuses an unknown source and a line marked unlisted without one', async () => {
    await expect(
      asOwner(
        (sql) => sql`
          insert into public.instruments (owner_id, code, name, type, currency, exchange, listed_by)
          values (null, 'BADSRC', 'Bad', 'STOCK', 'EUR', 'XETRA', 'frankfurt')
        `,
      ),
    ).rejects.toMatchObject({ constraint_name: 'instruments_listed_by_check' })
    await expect(
      asOwner(
        (sql) => sql`
          insert into public.instruments (owner_id, code, name, type, currency, exchange, unlisted_since)
          values (null, 'BADSRC', 'Bad', 'STOCK', 'EUR', 'XETRA', now())
        `,
      ),
    ).rejects.toMatchObject({ constraint_name: 'instruments_unlisted_check' })
  })

  it('lets no user change what the sources say', async () => {
    for (const column of ['wkn', 'fund_category', 'founder', 'listed_by', 'unlisted_since']) {
      await expect(
        as(alice, (sql) => sql`update public.instruments set ${sql(column)} = null`),
      ).rejects.toMatchObject({ code: '42501' })
    }
  })
})

describe("the catalog job's own tables", () => {
  it.each(['catalog_source_status', 'catalog_isin_lookups'])(
    'are out of reach of signed-in users and visitors: %s',
    async (table) => {
      await asOwner(
        (sql) => sql`
          insert into public.catalog_source_status (source, last_success_at, last_line_count)
          values ('tefas', now(), 3) on conflict (source) do nothing
        `,
      )
      for (const user of [alice, null]) {
        await expect(
          as(user, (sql) => sql`select * from ${sql(`public.${table}`)}`),
        ).rejects.toMatchObject({ code: '42501' })
        await expect(
          as(user, (sql) => sql`delete from ${sql(`public.${table}`)}`),
        ).rejects.toMatchObject({ code: '42501' })
      }
    },
  )

  it('checks a status: a known source, an error with its code', async () => {
    await expect(
      asOwner((sql) => sql`insert into public.catalog_source_status (source) values ('lse')`),
    ).rejects.toMatchObject({ constraint_name: 'catalog_source_status_source_check' })
    await expect(
      asOwner(
        (sql) => sql`
          insert into public.catalog_source_status (source, last_error_at) values ('us', now())
          on conflict (source) do update set last_error_at = excluded.last_error_at
        `,
      ),
    ).rejects.toMatchObject({ constraint_name: 'catalog_source_status_error_check' })
  })
})
