import {
  IMPORT_PRESETS,
  type ColumnMapping,
  type ImportPreset,
  type ImportReadOptions,
} from '../../api/schemas/import'
import type { ImportTable } from '../read-table'
import { degiroPreset } from './degiro'
import { degiroAccountPreset } from './degiro-account'
import { flatexPreset } from './flatex'
import { garantiBbvaPreset } from './garanti-bbva'
import { genericPreset } from './generic'
import { ghostfolioPreset } from './ghostfolio'
import { interactiveBrokersPreset } from './interactive-brokers'
import { interactiveBrokersStatementPreset } from './interactive-brokers-statement'
import { kiymetPreset } from './kiymet'
import { kiymetSpreadsheetPreset } from './kiymet-spreadsheet'
import { pdfDocumentsPreset } from './pdf-documents'
import { portfolioPerformancePreset } from './portfolio-performance'
import { scalableCapitalPreset } from './scalable-capital'
import { tradeRepublicPreset } from './trade-republic'
import { wealthfolioPreset } from './wealthfolio'
import { findFolded, foldHeaders, type PresetDefinition } from './preset-definition'
import { mappingOf } from './preset-mapping'

/**
 * The programs whose files the import knows: this app's export, brokers' exports and other
 * trackers'. Detection tries them in `IMPORT_PRESETS`' order, most specific first; the generic
 * layout takes any table whose headers give what an import needs.
 */
const PRESETS: Record<ImportPreset, PresetDefinition> = {
  kiymet: kiymetPreset,
  kiymet_spreadsheet: kiymetSpreadsheetPreset,
  pdf_documents: pdfDocumentsPreset,
  trade_republic: tradeRepublicPreset,
  scalable_capital: scalableCapitalPreset,
  flatex: flatexPreset,
  degiro: degiroPreset,
  degiro_account: degiroAccountPreset,
  interactive_brokers: interactiveBrokersPreset,
  interactive_brokers_statement: interactiveBrokersStatementPreset,
  garanti_bbva: garantiBbvaPreset,
  wealthfolio: wealthfolioPreset,
  ghostfolio: ghostfolioPreset,
  portfolio_performance: portfolioPerformancePreset,
  generic: genericPreset,
}

export function presetDefinition(preset: ImportPreset): PresetDefinition {
  return PRESETS[preset]
}

/** The first header of `headers` that folds to one of `names`, as the file spells it. */
export function findHeader(headers: readonly string[], names: readonly string[]): string | null {
  return findFolded(foldHeaders(headers), names)
}

/**
 * The columns of `headers` a preset fills in; fields without a column are left out.
 * @example presetMapping('generic', ['Tarih', 'İşlem', 'Kod']) // { date: 'Tarih', type: 'İşlem', code: 'Kod' }
 */
export function presetMapping(preset: ImportPreset, headers: string[]): ColumnMapping {
  return mappingOf(PRESETS[preset], foldHeaders(headers))
}

/** The preset a table is, most specific first; null when none fits (not even the generic one). */
export function detectPreset(table: ImportTable): ImportPreset | null {
  const headers = foldHeaders(table.headers)
  return IMPORT_PRESETS.find((preset) => PRESETS[preset].detect(table, headers)) ?? null
}

/**
 * What a preset's files always are, and what a file's `headers` tell of it (none before the file
 * is read); the rest stays detected.
 */
export function presetReadOptions(
  preset: ImportPreset,
  headers: readonly string[] = [],
): Partial<ImportReadOptions> {
  const definition = PRESETS[preset]
  const told = definition.readOptionsOf?.(foldHeaders(headers))
  return told === undefined ? definition.readOptions : { ...definition.readOptions, ...told }
}
