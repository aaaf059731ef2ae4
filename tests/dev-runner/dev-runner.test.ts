import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@supabase/supabase-js'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFreePort, isPortInUse } from '../../dev/ports'
import {
  groupAlive,
  processGroupsMatching,
  startRunner,
  type RunnerProcess,
} from './runner-process'

const START_TIMEOUT_MS = 150_000

describe('npm run dev', () => {
  let dir = ''
  let env: Record<string, string> = {}
  let ports: Record<'app' | 'auth' | 'postgres' | 'outbox' | 'market' | 'payments', number>
  const started: RunnerProcess[] = []

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kiymet-dev-runner-'))
    await chmod(dir, 0o755)
    ports = {
      app: await findFreePort(),
      auth: await findFreePort(),
      postgres: await findFreePort(),
      outbox: await findFreePort(),
      market: await findFreePort(),
      payments: await findFreePort(),
    }
    env = {
      LOCAL_STATE_DIR: join(dir, 'local'),
      DEV_VARS_FILE: join(dir, '.dev.vars'),
      APP_PORT: String(ports.app),
      AUTH_PORT: String(ports.auth),
      POSTGRES_PORT: String(ports.postgres),
      OUTBOX_PORT: String(ports.outbox),
      MARKET_PORT: String(ports.market),
      PAYMENTS_PORT: String(ports.payments),
      AUTH_BCRYPT_COST: '4',
    }
  })

  afterAll(async () => {
    for (const runner of started) runner.kill()
    await rm(dir, { recursive: true, force: true })
  })

  const run = () => {
    const runner = startRunner(env)
    started.push(runner)
    return runner
  }

  /** Ctrl-C, then proof that nothing is left: the runner's group, the app's group, the ports. */
  const stopAndCheck = async (runner: RunnerProcess, appGroups: number[]) => {
    runner.interrupt()
    expect(await runner.exited).toBe(0)
    expect(runner.output()).toContain('Stopped.')
    expect(groupAlive(runner.child.pid ?? 0)).toBe(false)
    for (const group of appGroups) expect(groupAlive(group)).toBe(false)
    for (const port of Object.values(ports)) expect(await isPortInUse(port)).toBe(false)
  }

  const supabaseFor = (anonKey: string) =>
    createClient(`http://127.0.0.1:${ports.auth}`, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    })

  const devVars = async () => {
    const text = await readFile(env.DEV_VARS_FILE ?? '', 'utf8')
    return Object.fromEntries(
      text
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [key, ...value] = line.split('=')
          return [key, JSON.parse(value.join('='))]
        }),
    ) as Record<string, string>
  }

  /** The demo account's sign-in as the runner printed it, and what it said it did. */
  const printedDemoAccount = (output: string) => {
    const line = /Demo account {3}(\S+) \/ (\S+)(.*)/.exec(output)
    if (!line) throw new Error(`No demo account in the output:\n${output}`)
    const [, demoEmail = '', demoPassword = '', note = ''] = line
    return { email: demoEmail, password: demoPassword, note: note.trim() }
  }

  /**
   * How many demo users and portfolios of theirs the database holds, how many of their
   * transactions carry an FX rate, and how many trade at another price than the day's stored
   * close or convert at another rate than `fx_rate_on` answers for the day.
   */
  const demoRows = async (demoEmail: string) => {
    const sql = postgres(`postgres://postgres:postgres@127.0.0.1:${ports.postgres}/postgres`, {
      max: 1,
    })
    try {
      const [counts] = await sql<
        { users: number; portfolios: number; converted: number; mismatches: number }[]
      >`
        with demo as (select id from auth.users where email = ${demoEmail}),
        mine as (
          select t.*, p.base_currency from public.transactions t
          join public.portfolios p on p.id = t.portfolio_id
          where t.user_id in (select id from demo)
        )
        select
          (select count(*)::int from demo) as users,
          (select count(*)::int from public.portfolios where user_id in (select id from demo))
            as portfolios,
          (select count(*)::int from mine where fx_rate is not null) as converted,
          (select count(*)::int from mine t
            where (t.fx_rate is not null and t.fx_rate is distinct from
                (select rate from public.fx_rate_on(t.currency, t.base_currency, t.trade_date)))
              or (t.type in ('BUY', 'SELL') and t.unit_price is distinct from
                (select close from public.prices
                  where instrument_id = t.instrument_id and owner_id is null
                    and price_date = t.trade_date))
          ) as mismatches
      `
      return counts
    } finally {
      await sql.end()
    }
  }

  const email = 'runner@example.com'
  const password = 'dev-runner-password'

  it('starts everything, creates the demo account, serves sign-up and sign-in, and stops cleanly on Ctrl-C', async () => {
    const runner = run()
    await runner.waitFor('Ready:', START_TIMEOUT_MS)
    const vars = await devVars()
    expect(vars.SUPABASE_URL).toBe(`http://127.0.0.1:${ports.auth}`)
    expect(runner.output()).toContain(vars.SUPABASE_ANON_KEY)

    expect((await fetch(`http://127.0.0.1:${ports.app}/`)).status).toBe(200)
    expect((await fetch(`http://127.0.0.1:${ports.auth}/auth/v1/health`)).status).toBe(200)
    expect((await fetch(`http://127.0.0.1:${ports.outbox}/`)).status).toBe(200)
    // Pro can be bought offline: the Paddle stand-in serves its Paddle.js, the app knows where.
    expect(vars.PADDLE_JS_URL).toBe(`http://127.0.0.1:${ports.payments}/paddle.js`)
    expect((await fetch(vars.PADDLE_JS_URL ?? '')).status).toBe(200)

    const supabase = supabaseFor(vars.SUPABASE_ANON_KEY ?? '')
    const signUp = await supabase.auth.signUp({ email, password })
    expect(signUp.error).toBeNull()
    const mail = (await (
      await fetch(`http://127.0.0.1:${ports.outbox}/api/messages/latest?to=${email}`)
    ).json()) as { code: string }
    expect(
      (await supabase.auth.verifyOtp({ email, token: mail.code, type: 'signup' })).error,
    ).toBeNull()
    const signIn = await supabase.auth.signInWithPassword({ email, password })
    expect(signIn.error).toBeNull()
    expect(signIn.data.session?.access_token).toBeTruthy()

    const demo = printedDemoAccount(runner.output())
    expect(demo.note).toMatch(/^\(created: 2 portfolios, \d+ transactions\)$/)
    const demoSignIn = await supabase.auth.signInWithPassword(demo)
    expect(demoSignIn.error).toBeNull()
    expect(demoSignIn.data.user?.user_metadata.locale).toBe('tr')
    const rows = await demoRows(demo.email)
    expect(rows).toMatchObject({ users: 1, portfolios: 2, mismatches: 0 })
    expect(rows?.converted).toBeGreaterThan(0)

    await stopAndCheck(runner, processGroupsMatching(`--port ${ports.app}`))
  })

  it('a second start reuses the data, the keys and the demo account', async () => {
    const before = await devVars()
    const runner = run()
    await runner.waitFor('Ready:', START_TIMEOUT_MS)
    expect(runner.output()).toContain('Migrations     up to date')
    const after = await devVars()
    expect(after.SUPABASE_ANON_KEY).toBe(before.SUPABASE_ANON_KEY)
    const signIn = await supabaseFor(after.SUPABASE_ANON_KEY ?? '').auth.signInWithPassword({
      email,
      password,
    })
    expect(signIn.error).toBeNull()
    const demo = printedDemoAccount(runner.output())
    expect(demo.note).toBe('')
    expect(await demoRows(demo.email)).toMatchObject({ users: 1, portfolios: 2 })
    await stopAndCheck(runner, processGroupsMatching(`--port ${ports.app}`))
  })

  it('a port in use is named, and nothing is left running', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(ports.outbox, '127.0.0.1', resolve))
    try {
      const runner = run()
      expect(await runner.exited).toBe(1)
      expect(runner.output()).toContain(`Port ${ports.outbox} (mail outbox) is already in use`)
      expect(await isPortInUse(ports.postgres)).toBe(false)
      expect(await isPortInUse(ports.auth)).toBe(false)
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()))
    }
  })
})
