import { existsSync } from 'node:fs'
import {
  chmod,
  chown,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  realpath,
  rename,
  rm,
  symlink,
} from 'node:fs/promises'
import { arch, platform } from 'node:os'
import { join } from 'node:path'
import type { PostgresBinaries } from './postgres-binaries'
import { canReach, type ServerUser } from './server-user'

/**
 * Root's place for what the Postgres user must reach but a checkout may hide (in a 0700 folder,
 * e.g. `mktemp -d` or a home): one copy of the binaries per version, and relocated data folders.
 */
export const ROOT_CACHE_DIR = '/var/cache/kiymet'

export interface ServerPaths {
  binDir: string
  dataDir: string
}

/** Binaries and a data folder `user` can reach: where they are if it can, else in the cache. */
export async function reachablePaths(
  binaries: PostgresBinaries,
  dataDir: string,
  user: ServerUser,
): Promise<ServerPaths> {
  return {
    binDir: await reachableBinaries(binaries, user),
    dataDir: await reachableDataDir(dataDir, user),
  }
}

async function cacheFolder(...parts: string[]): Promise<string> {
  const dir = join(ROOT_CACHE_DIR, ...parts)
  await mkdir(dir, { recursive: true })
  await chmod(ROOT_CACHE_DIR, 0o755)
  await chmod(dir, 0o755)
  return dir
}

async function reachableBinaries(binaries: PostgresBinaries, user: ServerUser): Promise<string> {
  if (canReach(user, join(binaries.binDir, 'postgres'), ['-x'])) return binaries.binDir
  const copy = join(ROOT_CACHE_DIR, `postgres-${binaries.version}-${platform()}-${arch()}`)
  if (!existsSync(join(copy, 'bin', 'postgres'))) {
    // Copied beside and renamed, so a run started at the same time never sees half a copy.
    const partial = await mkdtemp(`${await cacheFolder()}/.partial-`)
    await cp(binaries.nativeDir, partial, { recursive: true, verbatimSymlinks: true })
    await chmod(partial, 0o755)
    await rename(partial, copy).catch(async (error: unknown) => {
      await rm(partial, { recursive: true, force: true })
      if (!existsSync(join(copy, 'bin', 'postgres'))) throw error
    })
  }
  const binDir = join(copy, 'bin')
  if (!canReach(user, join(binDir, 'postgres'), ['-x'])) throw unreachable(user, binDir)
  return binDir
}

async function reachableDataDir(dataDir: string, user: ServerUser): Promise<string> {
  await mkdir(dataDir, { recursive: true })
  // A link left by an earlier relocation leads to the data; Postgres is given the real path.
  const real = await realpath(dataDir)
  const empty = (await readdir(real)).length === 0
  if (empty) await chown(real, user.uid, user.gid)
  if (canReach(user, real, ['-d', '-w', '-x'])) return real
  if (!empty) throw unreachable(user, real)
  // The data stays reachable through the same path: `dataDir` becomes a link to its new place.
  const moved = await mkdtemp(join(await cacheFolder('data'), 'cluster-'))
  await chown(moved, user.uid, user.gid)
  await rm(dataDir, { recursive: true })
  await symlink(moved, dataDir)
  return moved
}

function unreachable(user: ServerUser, path: string): Error {
  return new Error(
    `Postgres cannot run as root, and the \`${user.name}\` user it runs as cannot reach ${path}. Let others enter the folders above it (\`chmod o+x\`), or run as a normal user.`,
  )
}
