import { createContext, useContext } from 'react'
import { AUTOMATIC_FORMATS, type FormatPreference } from '../../shared/i18n/format-locale'

/** The reader's formats as the server decided them; the translator holds the page's own. */
export const FormatsContext = createContext<FormatPreference>(AUTOMATIC_FORMATS)

export function useFormats(): FormatPreference {
  return useContext(FormatsContext)
}
