/**
 * Migrations written from a module of the app (the plan limits, the currencies), each the one
 * source of what it puts in the database. Pushed migrations are never edited: a change of the
 * module becomes a new, later `<version>_<name>.sql`, and the newest one must match the module.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { MIGRATIONS_DIR } from '../../dev/local-layout.ts'

const VERSION = /^(\d{14})_/

/** The newest migration `<version>_<name>.sql` among a folder's file names, if there is one. */
export function newestMigration(fileNames: readonly string[], name: string): string | undefined {
  const pattern = new RegExp(`^\\d{14}_${name}\\.sql$`)
  return fileNames
    .filter((fileName) => pattern.test(fileName))
    .sort()
    .at(-1)
}

/** `YYYYMMDDHHMMSS` in UTC, the Supabase CLI's migration version. */
export function migrationVersionAt(time: Date): string {
  return time.toISOString().replace(/\D/g, '').slice(0, 14)
}

function timeOfVersion(version: string): Date {
  const [, year, month, day, hour, minute, second] =
    /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(version) ?? []
  return new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`)
}

/** The version for a new migration: now, or a second after the newest one if that is later. */
export function nextMigrationVersion(fileNames: readonly string[], now: Date): string {
  const newest = fileNames
    .map((fileName) => VERSION.exec(fileName)?.[1])
    .filter((version): version is string => version !== undefined)
    .sort()
    .at(-1)
  const candidate = migrationVersionAt(now)
  if (newest === undefined || candidate > newest) return candidate
  return migrationVersionAt(new Date(timeOfVersion(newest).getTime() + 1000))
}

/**
 * Writes `sql` as a new migration `<version>_<name>.sql` unless the newest one of that name
 * already holds exactly it. `version` (`YYYYMMDDHHMMSS`) is now by default, or a second after
 * the newest migration if that is later.
 */
export function writeGeneratedMigration(options: {
  name: string
  sql: string
  /** The module it is written from, for the message. */
  source: string
  version?: string
}): void {
  const { name, sql, source, version: given } = options
  if (given !== undefined && !/^\d{14}$/.test(given)) {
    throw new Error(`--version ${given} is not YYYYMMDDHHMMSS`)
  }
  const files = readdirSync(MIGRATIONS_DIR)
  const newest = newestMigration(files, name)
  if (newest !== undefined && readFileSync(join(MIGRATIONS_DIR, newest), 'utf8') === sql) {
    console.log(`${newest} already matches ${source}`)
    return
  }
  const version = given ?? nextMigrationVersion(files, new Date())
  const file = `${version}_${name}.sql`
  if (newest !== undefined && file <= newest) {
    throw new Error(`Version ${version} is not after ${newest}: the newest migration must win`)
  }
  writeFileSync(join(MIGRATIONS_DIR, file), sql)
  console.log(`Wrote supabase/migrations/${file}`)
}
