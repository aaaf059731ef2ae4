import type {
  FundType,
  InstrumentType,
  TefasFundClass,
} from '../../shared/portfolio/portfolio-kinds'
import type { QuoteHttp } from '../quotes/quote-http'

/** The lists the catalog job reads (`instruments.listed_by`, `catalog_source_status.source`). */
export const CATALOG_SOURCES = ['bist', 'tefas', 'xetra', 'us'] as const
export type CatalogSourceName = (typeof CATALOG_SOURCES)[number]

/** The settings the catalog sources read: base URLs (tests and dev use a fixture server). */
export interface CatalogEnv {
  /** Default https://www.borsaistanbul.com (the index constituents file under `/datum/`). */
  CATALOG_BIST_URL?: string
  /** Default https://www.isinturkiye.com.tr (MKK's ISIN portal). */
  CATALOG_MKK_URL?: string
  /** Default https://www.tefas.gov.tr (the catalog's funds). */
  CATALOG_TEFAS_URL?: string
  /** Default https://www.cashmarket.deutsche-boerse.com (the Xetra downloads page). */
  CATALOG_XETRA_URL?: string
  /** Default https://www.nasdaqtrader.com (the symbol directory). */
  CATALOG_NASDAQ_URL?: string
  /** Default https://raw.githubusercontent.com/datasets/s-and-p-500-companies/main (the S&P 500). */
  CATALOG_SP500_URL?: string
}

/**
 * One line of a source's list, as a shared catalog row: keyed by code and exchange, priced by
 * Yahoo Finance (shares and ETFs) or TEFAS (funds) under `priceSymbol`.
 */
export interface CatalogLine {
  code: string
  name: string
  type: Extract<InstrumentType, 'STOCK' | 'ETF' | 'FUND'>
  currency: string
  exchange: string
  isin: string | null
  wkn: string | null
  /** A TEFAS fund's category as TEFAS names it (`fonTurAciklama`). */
  fundCategory: string | null
  /** A fund's or ETF's type for tax, where the source's words settle it (`fund-type-of.ts`). */
  fundType: FundType | null
  /** A TEFAS investment fund's class for its stopaj, where its words settle it (`tefas-fund-class.ts`). */
  tefasFundClass: TefasFundClass | null
  /** The issuer's country (ISO 3166-1 alpha-2): its ISIN's, or the source's (TEFAS: Turkey). */
  country: string | null
  /** A TEFAS fund's founder, the portfolio management company. */
  founder: string | null
  priceProvider: 'yahoo' | 'tefas'
  priceSymbol: string
}

/**
 * A list of instruments the catalog job keeps the shared catalog from. Like a quote provider, a
 * source only fetches and parses, through the paced, retrying `http` the job gives it; a failed
 * request or a body not in the source's format throws a `QuoteError`, and the job stores
 * nothing of that source's run.
 */
export interface CatalogSource {
  readonly name: CatalogSourceName
  /** The least time between two requests to it, retries included. */
  readonly minIntervalMs: number
  /** Every line the source lists now, each (code, exchange) once. */
  fetchLines(env: CatalogEnv, http: QuoteHttp): Promise<CatalogLine[]>
}

/** A base URL from the settings, or the default, without a trailing slash. */
export function baseUrl(configured: string | undefined, fallback: string): string {
  return (configured || fallback).replace(/\/+$/, '')
}
