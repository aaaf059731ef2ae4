import { KIYMET_COLUMNS, KIYMET_REQUIRED_HEADERS } from '../kiymet-format'
import type { HeaderNames, PresetDefinition } from './preset-definition'

/** This app's export: its exact headers, comma separated, `.` decimals, UTF-8. */
export const kiymetPreset: PresetDefinition = {
  headers: Object.fromEntries(
    KIYMET_COLUMNS.map(([field, header]) => [field, [header]]),
  ) as HeaderNames,
  detect: (table) => KIYMET_REQUIRED_HEADERS.every((header) => table.headers.includes(header)),
  readOptions: { encoding: 'utf-8', separator: ',', decimalSeparator: '.' },
  neutralizedCells: true,
}
