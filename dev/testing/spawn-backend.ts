import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

export interface SpawnedBackend {
  supabaseUrl: string
  /** A second auth server of the same project with the hosted attempt limits (30 per 5 minutes). */
  limitedSupabaseUrl: string
  anonKey: string
  serviceRoleKey: string
  outboxUrl: string
  databaseUrl: string
  stop(): Promise<void>
}

const SCRIPT = fileURLToPath(new URL('./backend-process.ts', import.meta.url))
const TSX = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url))

/** Starts dev/testing/backend-process.ts and resolves with what it printed. */
export function spawnBackend(authEnv: Record<string, string> = {}): Promise<SpawnedBackend> {
  const child = spawn(process.execPath, [TSX, SCRIPT], {
    env: { ...process.env, ...authEnv },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  }
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The test backend exited early (${code})`)))
    createInterface({ input: child.stdout }).once('line', (line) => {
      resolve({ ...(JSON.parse(line) as Omit<SpawnedBackend, 'stop'>), stop })
    })
  })
}
