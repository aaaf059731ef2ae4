import type { ImportRow } from '../../api/schemas'

/** Rows without problems shown at most: a 10,000-row file must not become a 10,000-row table. */
export const PREVIEW_ROW_LIMIT = 200

export interface PreviewRows {
  /** Rows with problems first (in file order), then the others of the first rows. */
  shown: ImportRow[]
  /** Rows without problems left out by the limit. */
  hidden: number
}

/**
 * The rows the preview table shows: every row with a problem, so none goes unseen, and of the
 * rest those among the first {@link PREVIEW_ROW_LIMIT} of the file; `onlyProblems` keeps only
 * the former.
 */
export function previewRows(rows: readonly ImportRow[], onlyProblems: boolean): PreviewRows {
  const problems = rows.filter((row) => row.problems.length > 0)
  if (onlyProblems) return { shown: problems, hidden: 0 }
  const clean = rows.slice(0, PREVIEW_ROW_LIMIT).filter((row) => row.problems.length === 0)
  return {
    shown: [...problems, ...clean],
    hidden: rows.length - problems.length - clean.length,
  }
}
