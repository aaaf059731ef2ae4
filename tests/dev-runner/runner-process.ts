import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface RunnerProcess {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
  /** Resolves when the output contains `text`; rejects if the runner exits first. */
  waitFor(text: string, timeoutMs: number): Promise<void>
  /** Ctrl-C: SIGINT to the runner's whole process group, as a terminal sends it. */
  interrupt(): void
  /** Cleanup if a test failed midway: nothing of the runner may survive the suite. */
  kill(): void
}

/** Which script runs, from which checkout (another one than this, e.g. a copy in a 0700 folder). */
export interface RunnerEntry {
  checkout: string
  script: string
}

/** `npm run dev` as a developer starts it, in its own process group, with the given env. */
export function startRunner(
  env: Record<string, string>,
  entry: RunnerEntry = { checkout: REPO_ROOT, script: 'dev/run-dev.ts' },
): RunnerProcess {
  const child = spawn(`${REPO_ROOT}/node_modules/.bin/tsx`, [entry.script], {
    cwd: entry.checkout,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_SEND_METRICS: 'false',
      ...env,
    },
  })
  let output = ''
  const waiters = new Set<() => void>()
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
    for (const check of waiters) check()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, name)
    } catch {
      // Already gone.
    }
  }
  return {
    child,
    output: () => output,
    exited,
    waitFor: (text, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => fail(`Timed out waiting for "${text}"`), timeoutMs)
        const check = () => {
          if (!output.includes(text)) return
          finish()
          resolve()
        }
        const fail = (why: string) => {
          finish()
          reject(new Error(`${why}. Output:\n${output}`))
        }
        const finish = () => {
          clearTimeout(timer)
          waiters.delete(check)
        }
        waiters.add(check)
        void exited.then((code) => fail(`The runner exited (${code})`))
        check()
      }),
    interrupt: () => signal('SIGINT'),
    kill: () => signal('SIGKILL'),
  }
}

/** Process groups of processes whose command line contains `needle`. */
export function processGroupsMatching(needle: string): number[] {
  const table = execFileSync('ps', ['-eo', 'pgid=,args='], { encoding: 'utf8' })
  return [
    ...new Set(
      table
        .split('\n')
        .filter((line) => line.includes(needle) && !line.includes('ps -eo'))
        .map((line) => Number(line.trim().split(/\s+/)[0])),
    ),
  ]
}

/** Whether any process of the group still runs (zombies, already dead, do not count). */
export function groupAlive(pgid: number): boolean {
  const table = execFileSync('ps', ['-eo', 'pgid=,stat='], { encoding: 'utf8' })
  return table.split('\n').some((line) => {
    const [group, state] = line.trim().split(/\s+/)
    return Number(group) === pgid && !state?.startsWith('Z')
  })
}
