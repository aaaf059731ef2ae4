import { taxYear } from '../../shared/api/schemas'

/**
 * The year in a tax screen's address when the API takes it (2009, the Abgeltungsteuer's first,
 * to 2100); null otherwise, and the screen does not exist.
 */
export function taxYearOf(text: string | undefined): number | null {
  const parsed = taxYear.safeParse(text)
  return parsed.success ? parsed.data : null
}
