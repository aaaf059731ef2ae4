import { randomUUID } from 'node:crypto'
import { createServer, type Server, type Socket } from 'node:net'
import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { findFreePort } from '../../dev/ports'
import {
  DatabaseUnavailableError,
  withUserTransaction,
  type UserClaims,
} from '../../worker/db/run-as-user'

const backend = inject('rlsBackend')
const env = { HYPERDRIVE: { connectionString: backend.databaseUrl } }

interface Note {
  id: string
  owner: string
  body: string
  is_public: boolean
}

/** Signs a new user up and returns the claims the worker would get from getClaims(). */
async function verifiedClaims(): Promise<UserClaims> {
  const supabase = createClient(backend.supabaseUrl, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { data, error } = await supabase.auth.signUp({
    email: `rls-${randomUUID().slice(0, 8)}@example.com`,
    password: 'row-level-security',
  })
  if (error || !data.session) throw error ?? new Error('no session')
  const verified = await supabase.auth.getClaims(data.session.access_token)
  if (!verified.data) throw verified.error ?? new Error('no claims')
  return verified.data.claims as UserClaims
}

const addNote = (claims: UserClaims, body: string, isPublic = false) =>
  withUserTransaction(env, claims, async (sql) => {
    const [note] = await sql<Note[]>`
      insert into public.rls_test_notes (body, is_public) values (${body}, ${isPublic}) returning *
    `
    return note as Note
  })

describe('the worker database module under row-level security', () => {
  let alice: UserClaims
  let bob: UserClaims
  let alicePrivate: Note
  let alicePublic: Note

  beforeAll(async () => {
    alice = await verifiedClaims()
    bob = await verifiedClaims()
    alicePrivate = await addNote(alice, 'alice private')
    alicePublic = await addNote(alice, 'alice public', true)
  })

  it('runs as the user: auth.uid(), auth.role() and auth.jwt() see the claims', async () => {
    const [row] = await withUserTransaction(
      env,
      alice,
      (sql) =>
        sql`select auth.uid() as uid, auth.role() as role, auth.jwt() ->> 'email' as email, current_user`,
    )
    expect(row).toMatchObject({
      uid: alice.sub,
      role: 'authenticated',
      email: alice.email,
      current_user: 'authenticated',
    })
  })

  it("user B cannot read user A's private rows", async () => {
    const seen = await withUserTransaction(
      env,
      bob,
      (sql) => sql<Note[]>`select * from public.rls_test_notes`,
    )
    expect(seen.map((note) => note.id)).toEqual([alicePublic.id])
    const own = await withUserTransaction(
      env,
      alice,
      (sql) => sql<Note[]>`select * from public.rls_test_notes order by id`,
    )
    expect(own.map((note) => note.id)).toEqual([alicePrivate.id, alicePublic.id])
  })

  it("user B cannot change or delete user A's rows", async () => {
    const updated = await withUserTransaction(
      env,
      bob,
      (sql) =>
        sql`update public.rls_test_notes set body = 'hijacked' where id = ${alicePrivate.id} returning id`,
    )
    expect(updated).toHaveLength(0)
    const publicUpdate = await withUserTransaction(
      env,
      bob,
      (sql) =>
        sql`update public.rls_test_notes set body = 'hijacked' where id = ${alicePublic.id} returning id`,
    )
    expect(publicUpdate).toHaveLength(0)
    const deleted = await withUserTransaction(
      env,
      bob,
      (sql) => sql`delete from public.rls_test_notes where owner = ${alice.sub} returning id`,
    )
    expect(deleted).toHaveLength(0)
    const [still] = await withUserTransaction(
      env,
      alice,
      (sql) => sql<Note[]>`select * from public.rls_test_notes where id = ${alicePrivate.id}`,
    )
    expect(still?.body).toBe('alice private')
  })

  it("user B cannot write a row in user A's name", async () => {
    await expect(
      withUserTransaction(
        env,
        bob,
        (sql) =>
          sql`insert into public.rls_test_notes (owner, body) values (${alice.sub}, 'forged')`,
      ),
    ).rejects.toMatchObject({ code: '42501' })
  })

  it('anon sees nothing private and cannot write', async () => {
    const seen = await withUserTransaction(
      env,
      null,
      (sql) => sql<Note[]>`select * from public.rls_test_notes`,
    )
    expect(seen.every((note) => note.is_public)).toBe(true)
    expect(seen.map((note) => note.id)).toContain(alicePublic.id)
    const [who] = await withUserTransaction(
      env,
      null,
      (sql) => sql`select current_user, auth.uid() as uid`,
    )
    expect(who).toMatchObject({ current_user: 'anon', uid: null })
    await expect(
      withUserTransaction(
        env,
        null,
        (sql) => sql`insert into public.rls_test_notes (owner, body) values (${alice.sub}, 'anon')`,
      ),
    ).rejects.toMatchObject({ code: '42501' })
  })

  it('refuses to act as a role that bypasses row-level security', async () => {
    await expect(
      withUserTransaction(env, { ...alice, role: 'service_role' }, (sql) => sql`select 1`),
    ).rejects.toThrow(/Refusing/)
  })
})

describe('when the database is unavailable', () => {
  let silent: Server
  let silentPort: number
  const accepted = new Set<Socket>()

  beforeAll(async () => {
    // Accepts connections and never answers, like a stuck pooler.
    silent = createServer((socket) => void accepted.add(socket))
    silentPort = await findFreePort()
    await new Promise<void>((resolve) => silent.listen(silentPort, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    for (const socket of accepted) socket.destroy()
    await new Promise<void>((resolve) => silent.close(() => resolve()))
  })

  it('a refused connection is DatabaseUnavailableError (503)', async () => {
    const port = await findFreePort()
    const down = {
      HYPERDRIVE: {
        connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
      },
    }
    const error = await withUserTransaction(down, null, (sql) => sql`select 1`).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(DatabaseUnavailableError)
    expect(error).toMatchObject({ status: 503, reason: 'connect' })
  })

  it('a server that never answers times out instead of hanging', async () => {
    const stuck = {
      HYPERDRIVE: {
        connectionString: `postgres://postgres:postgres@127.0.0.1:${silentPort}/postgres`,
      },
    }
    const started = Date.now()
    const error = await withUserTransaction(stuck, null, (sql) => sql`select 1`, {
      connectTimeout: 1,
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DatabaseUnavailableError)
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('a statement over the time limit is cancelled and reported as unavailable', async () => {
    const error = await withUserTransaction(env, null, (sql) => sql`select pg_sleep(5)`, {
      statementTimeoutMs: 200,
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 503, reason: 'timeout' })
  })
})
