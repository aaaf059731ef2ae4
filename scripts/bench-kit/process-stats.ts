import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** The ids of this script's workerd children (Miniflare starts one or more). */
export function workerdPids(): string[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  })
  return out
    .split('\n')
    .filter((row) => row.includes('workerd'))
    .map((row) => row.trim().split(/\s+/)[0] ?? '')
}

/**
 * CPU time (user + system, ms) of processes from /proc; with `reaped`, also that of their
 * children that have ended.
 */
export function cpuMsOf(pids: readonly string[], reaped = false): number {
  let total = 0
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      total += (Number(fields[11]) + Number(fields[12])) * 10
      if (reaped) total += (Number(fields[13]) + Number(fields[14])) * 10
    } catch {
      // A process that ended between listing and reading spent nothing more.
    }
  }
  return total
}

/** Resident memory (MB) of processes, from /proc. */
export function rssMbOf(pids: readonly string[]): number {
  return pids.reduce((total, pid) => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return total + Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
  }, 0)
}
