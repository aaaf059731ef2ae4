import type { ImportFileProblem } from '../api/schemas/import'
import { IMPORT_LIMITS } from '../api/schemas/import'
import { parseExactJson } from '../json/exact-json'

/**
 * A JSON export as a table: Ghostfolio's `{ meta, accounts, assetProfiles, activities: [...] }`
 * (or a bare array of such activities), one row per activity, one column per key any activity
 * has, in the order they first appear, then the name and ISIN of the activity's asset profile
 * (`assetProfile.name`, `assetProfile.isin`: a made-up asset's symbol is its id, its name is
 * there). Numbers arrive as exact decimal strings.
 */
export type JsonTableResult =
  | { ok: true; headers: string[]; rows: string[][] }
  | { ok: false; problem: ImportFileProblem; row?: number }

type JsonObject = Record<string, unknown>

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A cell's text: nested lists (Ghostfolio's tags) joined, objects kept as JSON. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return String(value)
  if (Array.isArray(value) && value.every((item) => !isObject(item) && !Array.isArray(item))) {
    return value.map(cellText).join(', ')
  }
  return JSON.stringify(value)
}

/** Columns taken from the asset profile an activity's symbol names. */
const PROFILE_COLUMNS = [
  ['assetProfile.name', 'name'],
  ['assetProfile.isin', 'isin'],
] as const

/** Asset profiles by their symbol: Ghostfolio's export lists them beside the activities. */
function profilesOf(root: unknown): Map<string, JsonObject> {
  const profiles = new Map<string, JsonObject>()
  if (!isObject(root) || !Array.isArray(root['assetProfiles'])) return profiles
  for (const profile of root['assetProfiles']) {
    if (isObject(profile) && typeof profile['symbol'] === 'string') {
      profiles.set(profile['symbol'], profile)
    }
  }
  return profiles
}

function activitiesOf(root: unknown): unknown[] | null {
  if (Array.isArray(root)) return root
  if (isObject(root) && Array.isArray(root['activities'])) return root['activities']
  return null
}

/** Deeper than any export nests; a hostile file stops here, before the parser recurses. */
const MAX_DEPTH = 32

export function readJsonTable(text: string): JsonTableResult {
  try {
    return tableOf(text)
  } catch (error) {
    // Whatever limit the scan missed (stack, string or array length) means a broken file here.
    if (error instanceof RangeError) return { ok: false, problem: 'file_json' }
    throw error
  }
}

function tableOf(text: string): JsonTableResult {
  const parsed = parseExactJson(text, { depth: MAX_DEPTH, ...IMPORT_LIMITS })
  if (!parsed.ok) return parsed
  const activities = activitiesOf(parsed.value)
  if (activities === null) return { ok: false, problem: 'file_unknown_layout' }
  if (activities.length === 0) return { ok: false, problem: 'file_header_only' }
  if (activities.length > IMPORT_LIMITS.rows) return { ok: false, problem: 'file_too_many_rows' }
  const columns = new Map<string, number>()
  for (const [index, activity] of activities.entries()) {
    if (!isObject(activity)) return { ok: false, problem: 'file_unknown_layout', row: index + 1 }
    for (const key of Object.keys(activity)) {
      if (columns.has(key)) continue
      if (columns.size >= IMPORT_LIMITS.columns) {
        return { ok: false, problem: 'file_too_many_columns' }
      }
      columns.set(key, columns.size)
    }
  }
  const keys = [...columns.keys()]
  const profiles = profilesOf(parsed.value)
  const joined = profiles.size > 0 ? PROFILE_COLUMNS.filter(([header]) => !columns.has(header)) : []
  const rows = activities.map((item) => {
    const activity = item as JsonObject
    const profile = profiles.get(cellText(activity['symbol']))
    return [
      ...keys.map((key) => cellText(activity[key])),
      ...joined.map(([, key]) => cellText(profile?.[key])),
    ]
  })
  return { ok: true, headers: [...keys, ...joined.map(([header]) => header)], rows }
}
