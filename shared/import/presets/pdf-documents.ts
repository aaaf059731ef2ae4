import { kiymetPreset } from './kiymet'
import type { PresetDefinition } from './preset-definition'

/**
 * The rows the dialog read from brokers' PDF documents (client/import/pdf), sent in this app's own
 * CSV: read as that, except that a broker's trade in euros of a share listed in dollars is a
 * trade of its euro listing, as with the brokers' CSV presets. Never detected: the dialog names
 * it for the PDFs it read.
 */
export const pdfDocumentsPreset: PresetDefinition = {
  ...kiymetPreset,
  detect: () => false,
  listsInRowCurrency: true,
}
