import type { ImportFileProblem } from '../../api/schemas'
import type { Translator } from '../../i18n/translator'

const SEPARATOR_KEYS = {
  ',': 'import.dialog.separators.comma',
  ';': 'import.dialog.separators.semicolon',
  '\t': 'import.dialog.separators.tab',
} as const

/** A column separator by its name ("Semicolon (;)"); a tab has no visible sign. */
export function separatorName(t: Translator['t'], separator: string): string {
  return separator in SEPARATOR_KEYS
    ? t(SEPARATOR_KEYS[separator as keyof typeof SEPARATOR_KEYS])
    : separator
}

/** Why a file cannot be imported, in the same words the API uses for it. */
export function fileProblemText(
  t: Translator['t'],
  problem: ImportFileProblem,
  row: number | undefined,
): string {
  return t(`import.fileProblems.${problem}`, { row: row ?? '' })
}
