/** The sources price indices are fetched from (`public.price_index_series.source`). */
export type PriceIndexSource = 'EVDS' | 'ECB' | 'BUNDESBANK' | 'BLS'

/** One index at one base, as `public.price_index_series` holds it, and where it is fetched. */
export interface PriceIndexDefinition {
  /** `TR-YIUFE-2003`: country or area, index, base year. A rebased index is a new code. */
  code: string
  source: PriceIndexSource
  /** The source's own name of the series: an EVDS series code, an SDMX flow and key, a BLS id. */
  sourceSeries: string
  /** The base as its publisher writes it. */
  base: string
  /** The first month the job fetches on an empty table, `YYYY-MM`. */
  firstMonth: string
  /** No longer published: fetched until it has values, never carried forward. */
  discontinued: boolean
}

/**
 * Every index the app stores (docs/price-indices.md says why each source). The migration
 * `20261204000010_price_indices.sql` inserts the same codes, sources, bases and discontinued
 * flags; a test compares them.
 */
export const PRICE_INDICES: readonly PriceIndexDefinition[] = [
  {
    // Yurt İçi Üretici Fiyat Endeksi: indexes the cost of foreign shares (docs/tax-turkey.md).
    code: 'TR-YIUFE-2003',
    source: 'EVDS',
    sourceSeries: 'TP.TUFE1YI.T1',
    base: '2003=100',
    firstMonth: '2003-01',
    discontinued: false,
  },
  {
    // TÜİK moved TÜFE to 2025=100 with January 2026; this series ended.
    code: 'TR-TUFE-2003',
    source: 'EVDS',
    sourceSeries: 'TP.FG.J0',
    base: '2003=100',
    firstMonth: '2003-01',
    discontinued: true,
  },
  {
    code: 'TR-TUFE-2025',
    source: 'EVDS',
    sourceSeries: 'TP.TUKFIY2025.GENEL',
    base: '2025=100',
    firstMonth: '2025-01',
    discontinued: false,
  },
  {
    code: 'DE-VPI-2020',
    source: 'BUNDESBANK',
    sourceSeries: 'BBDP1/M.DE.N.VPI.C.A00000.I20.A',
    base: '2020=100',
    firstMonth: '1991-01',
    discontinued: false,
  },
  {
    code: 'EA-HICP-2025',
    source: 'ECB',
    sourceSeries: 'ICP/M.U2.N.000000.4.INX',
    base: '2025=100',
    firstMonth: '1996-01',
    discontinued: false,
  },
  {
    code: 'US-CPI-1982',
    source: 'BLS',
    sourceSeries: 'CUUR0000SA0',
    base: '1982-84=100',
    firstMonth: '1990-01',
    discontinued: false,
  },
]

/** The definition of `code`; throws for a code the catalog does not have. */
export function priceIndex(code: string): PriceIndexDefinition {
  const definition = PRICE_INDICES.find((index) => index.code === code)
  if (!definition) throw new RangeError(`No price index ${code}`)
  return definition
}
