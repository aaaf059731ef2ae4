import type { ImportResult, ImportRow } from '../../../shared/api/schemas'

/** Rows without problems shown at most: a 10,000-row file must not become a 10,000-row table. */
export const PREVIEW_ROW_LIMIT = 200

export interface PreviewRows {
  /**
   * Rows with problems first (in file order), then of the first rows those read differently
   * from their face or left out, then the others.
   */
  shown: ImportRow[]
  /** Rows without problems left out by the limit. */
  hidden: number
}

/** A row that says something beyond its figures: a notice, or why it is left out. */
function remarked(row: ImportRow): boolean {
  return row.notices.length > 0 || row.leftOut !== null
}

/**
 * The rows the preview table shows: every row with a problem, so none goes unseen, and of the
 * rest those among the first {@link PREVIEW_ROW_LIMIT} of the file, remarked ones first;
 * `onlyProblems` keeps only the former.
 */
export function previewRows(rows: readonly ImportRow[], onlyProblems: boolean): PreviewRows {
  const problems = rows.filter((row) => row.problems.length > 0)
  if (onlyProblems) return { shown: problems, hidden: 0 }
  const first = rows.slice(0, PREVIEW_ROW_LIMIT).filter((row) => row.problems.length === 0)
  const shown = [...problems, ...first.filter(remarked), ...first.filter((row) => !remarked(row))]
  return { shown, hidden: rows.length - shown.length }
}

/** Rows the import would write: neither already recorded, left out nor with a problem. */
export function rowsToImport(summary: ImportResult['summary']): number {
  return summary.rows - summary.duplicates - summary.leftOut - summary.withProblems
}
