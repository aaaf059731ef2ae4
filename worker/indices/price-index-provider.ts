import type { PriceIndexDefinition, PriceIndexSource } from './price-index-catalog'

/** One published value: `index`'s value for `month` (`YYYY-MM`), an exact decimal string. */
export type IndexValue = {
  index: string
  month: string
  /** A plain decimal string above zero, as published; never a float. */
  value: string
}

/**
 * A source of official price indices. The scheduled job (refresh-price-indices.ts) decides which
 * months each index lacks and asks its source for them, a part at a time; a provider only fetches
 * and parses.
 */
export interface PriceIndexProvider {
  readonly source: PriceIndexSource
  /** The most months one request may span; the job asks a longer range in parts. */
  readonly monthsPerRequest: number
  /**
   * The values `index` has from `from` to `to` (inclusive, `YYYY-MM`). A month the source has not
   * published (or never will: the US CPI of October 2025) is left out; an empty range is `[]`.
   */
  fetchMonths(index: PriceIndexDefinition, from: string, to: string): Promise<IndexValue[]>
}

/** A source's document is not in the format we read, or not of the series asked for. */
export class IndexParseError extends Error {
  constructor(source: PriceIndexSource, detail: string) {
    super(`${source} document: ${detail}`)
    this.name = 'IndexParseError'
  }
}

const BASE_TEXT = /(\d{4}(?:-\d{2})?)\s*=\s*100/

/**
 * Refuses a document whose own description names a base other than `index`'s (`2025 = 100` for
 * an index stored at 2020=100): a source that rebases rewrites its whole history, and values of
 * two bases must never meet in one code. Texts that name no base pass.
 */
export function checkPublishedBase(index: PriceIndexDefinition, texts: readonly unknown[]): void {
  for (const text of texts) {
    const match = typeof text === 'string' ? BASE_TEXT.exec(text) : null
    if (match && `${match[1]}=100` !== index.base) {
      throw new IndexParseError(
        index.source,
        `${index.sourceSeries} is published at ${match[1]}=100, not ${index.base}: a rebased index needs a new code`,
      )
    }
  }
}
