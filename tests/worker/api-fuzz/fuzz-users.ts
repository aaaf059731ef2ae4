import type postgres from 'postgres'
import { Secret, TOTP } from 'otpauth'
import {
  authCall,
  backend,
  createUser,
  ORIGIN,
  requestWithEnv,
  signIn,
  uniqueEmail,
} from '../auth-backend'
import type { Resource } from './api-operations'

const PASSWORD = 'secret-pass-1'

/**
 * The API's rate limits are tested on their own (api-rate-limit.test.ts); the fuzz sends more
 * than a minute's budget, so its requests count against none.
 */
const UNLIMITED = { limit: () => Promise.resolve({ success: true }) }
const FUZZ_ENV = {
  API_WRITE_LIMITER: UNLIMITED,
  API_READ_LIMITER: UNLIMITED,
  API_BILLING_LIMITER: UNLIMITED,
}

/** How a caller proves who they are: a bearer token, or the session cookie (Origin on writes). */
export type AuthMode = 'bearer' | 'cookie'

export interface Caller {
  /** Who acts, for failure messages: `alice`, `mona at aal1`. */
  label: string
  token: string
  cookie: string | null
}

export interface ApiCall {
  method: string
  path: string
  body?: { mediaType: string; payload: string | FormData }
}

/** A request to the API as `caller`, its rate limits lifted. */
export function callApi(caller: Caller, mode: AuthMode, call: ApiCall): Promise<Response> {
  const cookie = mode === 'cookie' ? caller.cookie : null
  const headers: Record<string, string> = { 'Accept-Language': 'en' }
  if (cookie) headers.Cookie = cookie
  else headers.Authorization = `Bearer ${caller.token}`
  if (cookie && call.method !== 'GET') headers.Origin = ORIGIN
  // FormData sets its own multipart boundary.
  if (call.body && typeof call.body.payload === 'string') {
    headers['Content-Type'] = call.body.mediaType
  }
  return requestWithEnv(FUZZ_ENV, call.path, {
    method: call.method,
    headers,
    ...(call.body ? { body: call.body.payload } : {}),
  })
}

/** A user's rows the fuzz plants, and the texts and figures that must never reach another. */
export interface FuzzUser {
  name: string
  userId: string
  email: string
  ids: Record<Resource, string[]>
  /** Texts and decimals unique to this user (names, notes, codes, prices). */
  markers: string[]
}

async function passwordToken(email: string): Promise<{ access_token: string }> {
  const response = await fetch(`${backend.supabaseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  if (!response.ok) throw new Error(`token: ${response.status} ${await response.text()}`)
  return (await response.json()) as { access_token: string }
}

/** A random run of digits with no trailing zero, for decimals no other figure will spell. */
function digits(count: number): string {
  const text = Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('')
  return `${text.slice(0, -1)}${1 + Math.floor(Math.random() * 9)}`
}

async function created<T>(response: Response, what: string): Promise<T> {
  const text = await response.text()
  if (response.status !== 200 && response.status !== 201) {
    throw new Error(`planting ${what}: ${response.status} ${text}`)
  }
  return JSON.parse(text) as T
}

/**
 * A real user with a portfolio, two transactions (a catalog and an own instrument), an own
 * instrument, manual prices on both and a saved import mapping, each carrying texts and decimals
 * unique to them.
 */
export async function plantUser(name: string, catalogInstrument: string): Promise<FuzzUser> {
  const email = uniqueEmail(`fuzz-${name}`)
  const userId = await createUser(email, PASSWORD)
  const caller: Caller = {
    label: name,
    token: (await passwordToken(email)).access_token,
    cookie: null,
  }
  const tag = `${name}${digits(8)}`
  const marker = (what: string) => `FZ-${what}-${tag}`
  const send = (method: string, path: string, body: unknown) =>
    callApi(caller, 'bearer', {
      method,
      path,
      body: { mediaType: 'application/json', payload: JSON.stringify(body) },
    })
  const portfolio = await created<{ id: string }>(
    await send('POST', '/api/portfolios', {
      name: marker('portfolio'),
      baseCurrency: 'TRY',
      costBasisMethod: 'FIFO',
      recordsCash: true,
    }),
    'a portfolio',
  )
  const code = `FZ${digits(8)}`
  const instrument = await created<{ id: string }>(
    await send('POST', '/api/instruments', {
      code,
      name: marker('instrument'),
      type: 'FUND',
      currency: 'TRY',
    }),
    'an instrument',
  )
  const prices = [`7${digits(5)}.${digits(6)}`, `8${digits(5)}.${digits(6)}`]
  const unitPrices = [`5${digits(5)}.${digits(6)}`, `6${digits(5)}.${digits(6)}`]
  await created(
    await send('PUT', `/api/instruments/${instrument.id}/prices`, {
      prices: [{ date: '2024-06-03', close: prices[0] }],
    }),
    'an own price',
  )
  await created(
    await send('PUT', `/api/instruments/${catalogInstrument}/prices`, {
      prices: [{ date: '2024-06-05', close: prices[1] }],
    }),
    'a manual catalog price',
  )
  const transactions: string[] = []
  for (const [index, instrumentId] of [instrument.id, catalogInstrument].entries()) {
    const tx = await created<{ id: string }>(
      await send('POST', `/api/portfolios/${portfolio.id}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction: {
          type: 'BUY',
          tradeDate: '2024-06-03',
          instrumentId,
          quantity: '10',
          unitPrice: unitPrices[index],
          note: marker(`note${index}`),
        },
      }),
      'a transaction',
    )
    transactions.push(tx.id)
  }
  const mapping = await created<{ id: string }>(
    await send('POST', '/api/import-mappings', {
      name: marker('mapping'),
      mapping: { date: 'Date', type: 'Type', code: marker('column') },
      options: { separator: ';' },
    }),
    'an import mapping',
  )
  return {
    name,
    userId,
    email,
    ids: {
      portfolio: [portfolio.id],
      transaction: transactions,
      instrument: [instrument.id],
      mapping: [mapping.id],
      invoice: [],
    },
    markers: [
      marker('portfolio'),
      marker('instrument'),
      marker('note0'),
      marker('note1'),
      marker('mapping'),
      marker('column'),
      code,
      email,
      ...prices,
      ...unitPrices,
    ],
  }
}

/**
 * Gives the user a paid invoice, as Paddle's webhook would write it (no API writes one): its
 * number and total become markers of theirs.
 */
export async function plantInvoice(admin: postgres.Sql, user: FuzzUser): Promise<void> {
  const id = `txn_${digits(26)}`
  const number = `FZ-${digits(6)}`
  const total = `4${digits(3)}.${digits(2)}`
  await admin`
    insert into public.billing_invoices (id, user_id, invoice_number, billed_at, total, currency,
      event_at)
    values (${id}, ${user.userId}, ${number}, now(), ${total}, 'EUR', now())
  `
  user.ids.invoice.push(id)
  user.markers.push(number, total)
}

/**
 * Gives the user's portfolio a tax year with an exemption order no API would take (past any
 * allowance), so its amount is a marker of theirs that no other figure spells.
 */
export async function plantTaxYear(admin: postgres.Sql, user: FuzzUser): Promise<void> {
  const amount = `${1 + Math.floor(Math.random() * 9)}${digits(9)}.${digits(2)}`
  await admin`
    insert into public.tax_years (portfolio_id, user_id, year, freistellungsauftrag)
    values (${user.ids.portfolio[0] ?? null}, ${user.userId}, 2024, ${amount})
  `
  user.markers.push(amount)
}

/** Signs the user in: a bearer token and, unless told otherwise, the site's session cookie. */
export async function callerOf(user: FuzzUser, label = user.name): Promise<Caller> {
  const { access_token } = await passwordToken(user.email)
  return { label, token: access_token, cookie: await signIn(user.email, PASSWORD) }
}

/**
 * Enrolls and verifies a TOTP factor for the user: from now on their rows are served only at
 * aal2. Returns a caller at aal2 (the session that verified) and one at aal1 (a new password
 * sign-in that has not entered a code), both with bearer tokens only.
 */
export async function enrollTotp(user: FuzzUser): Promise<{ aal1: Caller; aal2: Caller }> {
  const { access_token } = await passwordToken(user.email)
  const factor = await authCall<{ id: string; totp: { secret: string } }>(
    access_token,
    '/factors',
    { factor_type: 'totp', friendly_name: 'fuzz' },
  )
  const challenge = await authCall<{ id: string }>(
    access_token,
    `/factors/${factor.id}/challenge`,
    {},
  )
  const code = new TOTP({ secret: Secret.fromBase32(factor.totp.secret) }).generate()
  const verified = await authCall<{ access_token: string }>(
    access_token,
    `/factors/${factor.id}/verify`,
    { challenge_id: challenge.id, code },
  )
  const again = await passwordToken(user.email)
  return {
    aal2: { label: `${user.name} at aal2`, token: verified.access_token, cookie: null },
    aal1: { label: `${user.name} at aal1`, token: again.access_token, cookie: null },
  }
}

/**
 * Row counts and checksums of everything a user owns, read as the database owner (row-level
 * security does not apply), so any change by anyone shows.
 */
export async function userRowsDigest(admin: postgres.Sql, userId: string): Promise<string> {
  const [row] = await admin<{ digest: string }[]>`
    select concat_ws(' ',
      (select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '')
        from public.portfolios t where t.user_id = ${userId}),
      (select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '')
        from public.transactions t where t.user_id = ${userId}),
      (select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '')
        from public.instruments t where t.owner_id = ${userId}),
      (select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '')
        from public.prices t where t.owner_id = ${userId}),
      (select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '')
        from public.import_mappings t where t.user_id = ${userId}),
      (select count(*) || ':' || coalesce(md5(string_agg(t::text, '|'
          order by t.portfolio_id, t.year)), '')
        from public.tax_years t where t.user_id = ${userId}),
      (select count(*) || ':' || coalesce(md5(string_agg(t::text, '|')), '')
        from public.user_plans t where t.user_id = ${userId}),
      (select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '')
        from public.billing_invoices t where t.user_id = ${userId}),
      (select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t.id)), '')
        from public.billing_subscriptions t where t.user_id = ${userId})
    ) as digest
  `
  if (!row) throw new Error('no digest')
  return row.digest
}
