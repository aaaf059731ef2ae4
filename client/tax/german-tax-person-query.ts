import { taxYear } from '../../shared/api/schemas'
import { api, apiQuery } from '../api/browser-api'

/** A person's German tax of `year` across their depots, keyed by its path like every API query. */
export const germanTaxPersonQuery = (year: number) =>
  apiQuery(api.api.tax.germany[':year'], { param: { year: String(year) } })

/** The year in a screen's address when the API takes it (2009, the Abgeltungsteuer's first, on). */
export function taxYearOf(text: string | undefined): number | null {
  const parsed = taxYear.safeParse(text)
  return parsed.success ? parsed.data : null
}
