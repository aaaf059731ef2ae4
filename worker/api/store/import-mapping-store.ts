import type postgres from 'postgres'
import type { z } from 'zod'
import {
  columnMappingSchema,
  importReadOptionsSchema,
  type SavedImportMapping,
  type savedImportMappingWriteSchema,
} from '../../../shared/api/schemas'
import { postgresError } from '../api-error-response'
import { ApiProblem } from '../api-problem'

type Sql = postgres.TransactionSql
type MappingWrite = z.infer<typeof savedImportMappingWriteSchema>

/** How many mappings a user may keep: the limit trigger of 20261127000100_import_mappings.sql. */
export const SAVED_IMPORT_MAPPINGS_LIMIT = 50

interface MappingRow {
  id: string
  name: string
  mapping: unknown
  options: unknown
}

/**
 * A stored row as the API answers it. The JSON was valid when written; a field the schemas no
 * longer know (an older version's) is dropped rather than failing the whole list.
 */
function mappingOf(row: MappingRow): SavedImportMapping {
  const mapping = columnMappingSchema.safeParse(row.mapping)
  const options = importReadOptionsSchema.safeParse(row.options)
  return {
    id: row.id,
    name: row.name,
    mapping: mapping.success ? mapping.data : {},
    options: options.success ? options.data : importReadOptionsSchema.parse({}),
  }
}

/** The caller's saved mappings, by name. */
export async function listImportMappings(sql: Sql): Promise<SavedImportMapping[]> {
  const rows = await sql<MappingRow[]>`
    select id, name, mapping, options from import_mappings order by name, id
  `
  return rows.map(mappingOf)
}

/**
 * Saves a mapping under its name; a name the caller used before is replaced. Past 50 mappings,
 * 403 `import_mapping_limit`.
 */
export async function saveImportMapping(
  sql: Sql,
  input: MappingWrite,
): Promise<SavedImportMapping> {
  try {
    const [row] = await sql.savepoint(
      (savepoint) => savepoint<MappingRow[]>`
        insert into import_mappings (name, mapping, options)
        values (${input.name}, ${savepoint.json(input.mapping)}, ${savepoint.json(input.options)})
        on conflict (user_id, name) do update
          set mapping = excluded.mapping, options = excluded.options
        returning id, name, mapping, options
      `,
    )
    if (!row) throw new Error('insert returned no row')
    return mappingOf(row)
  } catch (error) {
    const postgres = postgresError(error)
    if (postgres?.code === 'P0001' && postgres.message === 'import_mapping_limit') {
      throw new ApiProblem('import_mapping_limit', { limit: SAVED_IMPORT_MAPPINGS_LIMIT })
    }
    throw error
  }
}

/** Deletes one of the caller's saved mappings; 404 for anyone else's or none. */
export async function deleteImportMapping(sql: Sql, id: string): Promise<void> {
  const deleted = await sql`delete from import_mappings where id = ${id} returning id`
  if (deleted.length === 0) throw new ApiProblem('import_mapping_not_found')
}
