/**
 * The rows of a delimited text file (CSV with `,` or `;`, Nasdaq Trader's `|`), one at a time, so
 * a large file is never held as one array of rows: a leading byte order mark dropped, CRLF or LF
 * line ends, fields in double quotes may hold the separator, line breaks and doubled quotes
 * (RFC 4180). Empty lines are left out; fields are not trimmed.
 *
 * @example [...delimitedRows('Symbol,Security\nAAPL,"Apple, Inc."\n', ',')] // [['Symbol', 'Security'], ['AAPL', 'Apple, Inc.']]
 */
export function* delimitedRows(text: string, separator: string): Generator<string[], undefined> {
  let row: string[] = []
  let field = ''
  let quoted = false
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0
  for (let index = start; index < text.length; index++) {
    const char = text[index]
    if (quoted) {
      if (char !== '"') field += char
      else if (text[index + 1] === '"') {
        field += '"'
        index++
      } else quoted = false
    } else if (char === '"' && field === '') quoted = true
    else if (char === separator) {
      row.push(field)
      field = ''
    } else if (char === '\n') {
      row.push(field)
      if (row.length > 1 || row[0] !== '') yield row
      row = []
      field = ''
    } else if (char !== '\r') field += char
  }
  if (field !== '' || row.length > 0) yield [...row, field]
}

/** A row as a record of a header's column names; null for a row shorter than the header. */
export function recordOf(header: readonly string[], row: readonly string[]) {
  if (row.length < header.length) return null
  return Object.fromEntries(header.map((name, index) => [name.trim(), row[index] ?? '']))
}
