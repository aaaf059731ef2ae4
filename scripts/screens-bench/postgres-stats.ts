import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import type postgres from 'postgres'
import { cpuMsOf } from '../bench-kit/process-stats.ts'

/** What the database did, summed since it started (pg_stat_database, this database only). */
export interface DatabaseCounters {
  /**
   * Transactions committed and rolled back, besides the one each connection runs as it starts
   * (Postgres counts that one too).
   */
  transactions: number
  /** Sessions opened: connections made. */
  sessions: number
  /** Rows fetched by index scans and returned by sequential scans. */
  rows: number
}

/**
 * Postgres as a benchmark sees it: the CPU time of the whole cluster (the postmaster, its
 * living children and those that ended) and the database's counters. The admin connection's own
 * readings are left out of the counters.
 */
export async function postgresProbe(admin: postgres.Sql) {
  const [backend] = await admin<{ pid: number }[]>`select pg_backend_pid() as pid`
  const ppid = readFileSync(`/proc/${backend?.pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]
  if (!ppid) throw new Error('Postgres: no postmaster found')
  const postmaster = ppid
  const children = () =>
    execFileSync('ps', ['-o', 'pid=', '--ppid', postmaster], { encoding: 'utf8' })
      .split('\n')
      .map((pid) => pid.trim())
      .filter(Boolean)
  // The admin connection's own transactions: one per reading, counted out below.
  let readings = 0
  return {
    cpuMs: () => cpuMsOf([postmaster], true) + cpuMsOf(children()),
    async counters(): Promise<DatabaseCounters> {
      // Statistics of a backend reach the shared counters when it ends or within a second.
      await new Promise((done) => setTimeout(done, 1_100))
      readings += 1
      const [row] = await admin<{ transactions: string; sessions: string; rows: string }[]>`
        select xact_commit + xact_rollback as transactions, sessions,
          tup_fetched + tup_returned as rows
        from pg_stat_database where datname = current_database()
      `
      return {
        transactions: Number(row?.transactions) - Number(row?.sessions) - readings,
        sessions: Number(row?.sessions),
        rows: Number(row?.rows),
      }
    },
  }
}
