import { spawn, type ChildProcess } from 'node:child_process'
import { chown, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { ServerUser } from './server-user'

export interface Cluster {
  binDir: string
  dataDir: string
  /** Whom the programs run as; absent when we are not root (they run as us). */
  user: ServerUser | undefined
  onOutput(text: string): void
}

export interface RunningServer {
  stop(): Promise<void>
}

const READY = 'database system is ready to accept connections'

/** One of the cluster's programs, its output passed on. Messages in English: READY is matched. */
function run(cluster: Cluster, program: string, args: string[]): ChildProcess {
  const child = spawn(join(cluster.binDir, program), args, {
    ...(cluster.user ? { uid: cluster.user.uid, gid: cluster.user.gid } : {}),
    cwd: cluster.dataDir,
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => cluster.onOutput(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => cluster.onOutput(chunk.toString()))
  return child
}

/** One sentence, not a stack, when the program cannot be run at all (e.g. EACCES). */
function notRunnable(cluster: Cluster, program: string, reject: (error: Error) => void) {
  return (error: NodeJS.ErrnoException) =>
    reject(
      new Error(
        `${join(cluster.binDir, program)} could not be run (${error.code ?? error.message}): the folder must allow running programs (no \`noexec\` mount) and, as root, be reachable by the \`postgres\` user; \`npm ci\` installs the binaries again`,
      ),
    )
}

/** Creates the cluster in the (empty or missing) data folder, with a password for `superuser`. */
export async function initCluster(
  cluster: Cluster,
  superuser: { name: string; password: string },
): Promise<void> {
  // Beside the data folder, which the programs' user can reach; gone again afterwards.
  const passwordFile = join(dirname(cluster.dataDir), `.${basename(cluster.dataDir)}-password`)
  await writeFile(passwordFile, `${superuser.password}\n`, { mode: 0o600 })
  try {
    if (cluster.user) await chown(passwordFile, cluster.user.uid, cluster.user.gid)
    const initdb = run(cluster, 'initdb', [
      `--pgdata=${cluster.dataDir}`,
      '--auth=scram-sha-256',
      `--username=${superuser.name}`,
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      '--lc-messages=C',
    ])
    await new Promise<void>((resolve, reject) => {
      initdb.once('error', notRunnable(cluster, 'initdb', reject))
      initdb.once('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`initdb exited with code ${code}`)),
      )
    })
  } finally {
    await rm(passwordFile, { force: true })
  }
}

/**
 * The server on 127.0.0.1 only (no Unix socket, so several clusters never collide); resolves once
 * it accepts connections. It never outlives this process.
 */
export async function startServer(cluster: Cluster, port: number): Promise<RunningServer> {
  const server = run(cluster, 'postgres', [
    '-D',
    cluster.dataDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'lc_messages=C',
  ])
  const stopWithUs = () => server.kill('SIGINT')
  process.once('exit', stopWithUs)
  const exited = new Promise<void>((resolve) =>
    server.once('exit', () => {
      process.off('exit', stopWithUs)
      resolve()
    }),
  )
  await new Promise<void>((resolve, reject) => {
    let recent = ''
    server.stderr?.on('data', (chunk: Buffer) => {
      recent = (recent + chunk.toString()).slice(-2 * READY.length)
      if (recent.includes(READY)) resolve()
    })
    server.once('error', notRunnable(cluster, 'postgres', reject))
    server.once('exit', (code, signal) =>
      reject(new Error(`the server exited (code ${code}, signal ${signal})`)),
    )
  })
  return {
    // Ctrl-C reaches the server too (same process group) and it stops by itself; then this waits
    // for nothing.
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT')
      await exited
    },
  }
}
