import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { assertPortFree } from '../ports'
import { installedPostgresBinaries } from './postgres-binaries'
import { initCluster, startServer, type Cluster } from './postgres-process'
import { reachablePaths } from './reachable-paths'
import { ensureServerUser } from './server-user'

export interface RunningPostgres {
  /** Superuser connection string, e.g. postgres://postgres:postgres@127.0.0.1:54322/postgres */
  url: string
  stop(): Promise<void>
}

export interface EmbeddedPostgresOptions {
  /** Directory holding the cluster; created and initialised on first use, reused afterwards. */
  dataDir: string
  port: number
}

const SUPERUSER = 'postgres'
const PASSWORD = 'postgres'
const LOG_LINES_KEPT = 200

/**
 * Starts a real Postgres 17 from node_modules. Postgres refuses to run as root; as root it runs as
 * a `postgres` system user (created if missing), and binaries or data that user cannot reach (a
 * checkout in a 0700 folder) are copied or moved where it can.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<RunningPostgres> {
  await assertPortFree(options.port, 'Postgres')
  const log: string[] = []
  const binaries = installedPostgresBinaries()
  const user = process.getuid?.() === 0 ? ensureServerUser() : undefined
  const paths = user
    ? await reachablePaths(binaries, options.dataDir, user)
    : { binDir: binaries.binDir, dataDir: options.dataDir }
  const cluster: Cluster = {
    ...paths,
    user,
    onOutput: (text) => {
      log.push(text.trimEnd())
      if (log.length > LOG_LINES_KEPT) log.shift()
    },
  }
  try {
    if (!existsSync(join(cluster.dataDir, 'PG_VERSION'))) {
      await mkdir(cluster.dataDir, { recursive: true })
      await initCluster(cluster, { name: SUPERUSER, password: PASSWORD })
    }
    const server = await startServer(cluster, options.port)
    return {
      url: `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
      stop: server.stop,
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`Postgres failed to start (${reason}). Its last output:\n${log.join('\n')}`)
  }
}
