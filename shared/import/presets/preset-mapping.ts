import type { ColumnMapping, ImportField } from '../../api/schemas/import'
import { findFolded, type FoldedHeader, type PresetDefinition } from './preset-definition'

/**
 * The columns of `headers` a preset fills in, each header for one field unless the preset
 * shares it; fields without a column are left out.
 */
export function mappingOf(
  preset: PresetDefinition,
  headers: readonly FoldedHeader[],
): ColumnMapping {
  const mapping: ColumnMapping = {}
  const taken = new Set<string>()
  const shared = new Set(preset.sharedColumns ?? [])
  for (const [field, names] of Object.entries(preset.headers) as [
    ImportField,
    readonly string[],
  ][]) {
    const free = shared.has(field) ? headers : headers.filter(({ header }) => !taken.has(header))
    const header = findFolded(free, names)
    if (header !== null) {
      mapping[field] = header
      taken.add(header)
    }
  }
  return mapping
}
