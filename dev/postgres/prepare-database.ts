import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import postgres from 'postgres'

const BOOTSTRAP_FILE = new URL('./bootstrap.sql', import.meta.url)

export interface PrepareDatabaseOptions {
  /** Folders of `*.sql` migrations, applied folder by folder, each in file-name order. */
  migrationDirs: string[]
  /** Applied once per database (tracked by path and content hash), after the migrations. */
  seedFile?: string
}

export interface PreparedDatabase {
  appliedMigrations: string[]
  seeded: boolean
}

/** A connection for one-off administrative work; the caller ends it. */
function connectAdmin(url: string): postgres.Sql {
  return postgres(url, { max: 1, onnotice: () => undefined, connect_timeout: 10 })
}

/**
 * Brings a database to the state hosted Supabase plus this project's schema would have: the
 * Supabase bootstrap, then every migration not applied yet, then the seed.
 */
export async function prepareDatabase(
  url: string,
  options: PrepareDatabaseOptions,
): Promise<PreparedDatabase> {
  const sql = connectAdmin(url)
  try {
    await sql.unsafe(await readFile(BOOTSTRAP_FILE, 'utf8'))
    const appliedMigrations: string[] = []
    for (const dir of options.migrationDirs) {
      appliedMigrations.push(...(await applyMigrations(sql, dir)))
    }
    const seeded = options.seedFile ? await applySeed(sql, options.seedFile) : false
    return { appliedMigrations, seeded }
  } finally {
    await sql.end()
  }
}

/** The Supabase CLI's version: the file name up to its first underscore. */
export function migrationVersion(fileName: string): string {
  return basename(fileName, '.sql').split('_')[0] ?? fileName
}

async function applyMigrations(sql: postgres.Sql, dir: string): Promise<string[]> {
  if (!existsSync(dir)) return []
  const files = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()
  const done = new Set(
    (
      await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`
    ).map((row) => row.version),
  )
  const applied: string[] = []
  for (const file of files) {
    const version = migrationVersion(file)
    if (done.has(version)) continue
    const statements = await readFile(join(dir, file), 'utf8')
    await sql.begin(async (tx) => {
      await tx.unsafe(statements)
      await tx`
        insert into supabase_migrations.schema_migrations (version, name, statements)
        values (${version}, ${basename(file, '.sql').slice(version.length + 1)}, ${[statements]})
      `
    })
    applied.push(file)
  }
  return applied
}

async function applySeed(sql: postgres.Sql, seedFile: string): Promise<boolean> {
  if (!existsSync(seedFile)) return false
  const contents = await readFile(seedFile, 'utf8')
  const path = basename(seedFile)
  const [seen] = await sql`select 1 from supabase_migrations.seed_files where path = ${path}`
  if (seen) return false
  const hash = createHash('sha256').update(contents).digest('hex')
  await sql.begin(async (tx) => {
    await tx.unsafe(contents)
    await tx`insert into supabase_migrations.seed_files (path, hash) values (${path}, ${hash})`
  })
  return true
}

/**
 * Empties the database: every schema made by the bootstrap, migrations or seed is dropped and
 * `public` is recreated as Postgres creates it. Roles are cluster-wide and kept.
 */
export async function dropProjectSchemas(url: string): Promise<void> {
  const sql = connectAdmin(url)
  try {
    const schemas = await sql<{ name: string }[]>`
      select nspname as name from pg_namespace
      where nspname not like 'pg\_%' and nspname <> 'information_schema'
    `
    await sql.begin(async (tx) => {
      for (const { name } of schemas) await tx`drop schema ${tx(name)} cascade`
      await tx`create schema public authorization pg_database_owner`
      await tx`grant usage on schema public to public`
    })
  } finally {
    await sql.end()
  }
}
