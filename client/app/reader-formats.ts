import { AUTOMATIC_FORMATS, type FormatPreference } from '../../shared/i18n/format-locale'

/**
 * The reader's formats as the server decided them (the boot payload), for code outside React:
 * the API client says them in `Accept-Language`. Set once before hydration; a new choice on the
 * profile reloads the page.
 */
let formats: FormatPreference = AUTOMATIC_FORMATS

export function setReaderFormats(next: FormatPreference): void {
  formats = next
}

export function readerFormats(): FormatPreference {
  return formats
}
