import { unzipSync } from 'fflate'

/**
 * The zip archive around an xlsx file's XML parts. Its central directory states what every part
 * unpacks to before anything is unpacked, so a zip bomb is refused on those figures alone; and
 * fflate never writes past a part's stated size, so an archive that understates them takes no
 * more memory than it claims (the XML cut short then fails to parse). It may still take the CPU
 * of inflating what it hides, which the worker's CPU limit bounds.
 */

export interface ArchiveEntry {
  name: string
  packed: number
  unpacked: number
}

/**
 * All parts together, unpacked: a sheet at the import's row limit (50,000 rows of ten columns)
 * is about 18 MB of XML, and a worker has 128 MB for that text and the table read from it.
 */
export const MAX_UNPACKED_BYTES = 24 * 1024 * 1024

/** Unpacked ÷ packed for the whole archive: spreadsheet XML packs 5 to 20 times, a bomb thousands. */
export const MAX_PACKING_RATIO = 100

/** The central directory's entries, none unpacked; null when the bytes are no readable zip. */
export function archiveEntries(bytes: Uint8Array): ArchiveEntry[] | null {
  const entries: ArchiveEntry[] = []
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries.push({ name: file.name, packed: file.size, unpacked: file.originalSize })
        return false
      },
    })
  } catch {
    return null
  }
  return entries
}

/** An Office Open XML package (`[Content_Types].xml`) holding a workbook (`xl/`). */
export function isXlsxArchive(entries: readonly ArchiveEntry[]): boolean {
  return (
    entries.some(({ name }) => name === '[Content_Types].xml') &&
    entries.some(({ name }) => name.startsWith('xl/'))
  )
}

/** What the parts claim to unpack to stays under both limits. */
export function unpacksSafely(entries: readonly ArchiveEntry[], archiveBytes: number): boolean {
  const unpacked = entries.reduce((sum, { unpacked }) => sum + unpacked, 0)
  return unpacked <= MAX_UNPACKED_BYTES && unpacked <= archiveBytes * MAX_PACKING_RATIO
}

const UTF8 = new TextDecoder('utf-8', { fatal: true })

/**
 * The named parts as text (xlsx XML is UTF-8); absent names are left out. Throws on a part that
 * does not unpack or is not UTF-8. Call after `unpacksSafely`.
 */
export function unpackParts(bytes: Uint8Array, names: ReadonlySet<string>): Map<string, string> {
  const parts = unzipSync(bytes, { filter: ({ name }) => names.has(name) })
  return new Map(Object.entries(parts).map(([name, data]) => [name, UTF8.decode(data)]))
}
