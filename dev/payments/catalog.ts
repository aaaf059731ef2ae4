import { planById, type BillingPeriod, type PriceCurrency } from '../../shared/pricing/plans'
import { LOCAL_PADDLE } from './local-paddle'
import type { BillingInterval } from './paddle-clock'

/**
 * The local account's catalog: one product, Kıymet Pro, with a monthly and a yearly price. Each
 * price is in EUR with overrides for Turkey (TRY) and the United States (USD), the amounts of
 * `shared/pricing/plans.ts` in minor units, VAT included (`tax_mode: internal`), as the notes
 * plan the live catalog (one price per plan, `unit_price_overrides` per country).
 */

export type CurrencyCode = PriceCurrency

/** When the catalog was "created": fixed, so entity snapshots are stable. */
const CATALOG_CREATED_AT = '2026-01-05T09:00:00.000000Z'

/** Paddle's seller id, the first part of its invoice numbers (`325-10566`). */
export const SELLER_ID = '41207'

export interface CatalogPrice {
  id: string
  period: BillingPeriod
  interval: BillingInterval
  name: string
  description: string
}

export const PRODUCT = {
  id: LOCAL_PADDLE.productId,
  name: 'Kıymet Pro',
  description: 'More portfolios and transactions in Kıymet, the portfolio tracker.',
}

export const PRICES: readonly CatalogPrice[] = [
  {
    id: LOCAL_PADDLE.priceProMonthly,
    period: 'monthly',
    interval: 'month',
    name: 'Monthly',
    description: 'Kıymet Pro, billed monthly',
  },
  {
    id: LOCAL_PADDLE.priceProYearly,
    period: 'yearly',
    interval: 'year',
    name: 'Yearly',
    description: 'Kıymet Pro, billed yearly',
  },
]

export function findPrice(priceId: string): CatalogPrice | undefined {
  return PRICES.find((price) => price.id === priceId)
}

/** "4.99" → 499: every catalog currency has two minor digits. */
export function minorUnits(decimal: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(decimal)
  if (!match) throw new Error(`Not a price: ${decimal}`)
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** The price's amount in `currency`, in minor units, VAT included. */
export function unitAmount(price: CatalogPrice, currency: CurrencyCode): number {
  const prices = planById('pro').prices
  if (!prices) throw new Error('The Pro plan has no prices')
  return minorUnits(prices[price.period][currency])
}

/** The countries the stand-in's checkout offers, with the VAT Paddle would charge there. */
export const CHECKOUT_COUNTRIES = [
  { code: 'TR', name: 'Türkiye', taxRate: '0.2' },
  { code: 'DE', name: 'Germany', taxRate: '0.19' },
  { code: 'AT', name: 'Austria', taxRate: '0.19' },
  { code: 'FR', name: 'France', taxRate: '0.19' },
  { code: 'NL', name: 'Netherlands', taxRate: '0.19' },
  { code: 'US', name: 'United States', taxRate: '0' },
  { code: 'GB', name: 'United Kingdom', taxRate: '0.2' },
] as const

export type CountryCode = (typeof CHECKOUT_COUNTRIES)[number]['code']

export function isCountryCode(value: unknown): value is CountryCode {
  return CHECKOUT_COUNTRIES.some((country) => country.code === value)
}

export function countryInfo(code: CountryCode) {
  const info = CHECKOUT_COUNTRIES.find((country) => country.code === code)
  if (!info) throw new Error(`Unknown country ${code}`)
  return info
}

/** The currency Paddle presents in a country: an override's, else the price's base (EUR). */
export function currencyOfCountry(code: CountryCode): CurrencyCode {
  return code === 'TR' ? 'TRY' : code === 'US' ? 'USD' : 'EUR'
}

/** A checkout's starting country from its locale: `tr` → TR, `de` → DE, else US. */
export function countryOfLocale(locale: string | undefined): CountryCode {
  const language = (locale ?? '').slice(0, 2).toLowerCase()
  return language === 'tr' ? 'TR' : language === 'de' ? 'DE' : 'US'
}

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return value === 'TRY' || value === 'EUR' || value === 'USD'
}

/** Paddle's product entity. */
export function productJson() {
  return {
    id: PRODUCT.id,
    name: PRODUCT.name,
    type: 'standard',
    tax_category: 'standard',
    description: PRODUCT.description,
    image_url: null,
    custom_data: null,
    status: 'active',
    import_meta: null,
    created_at: CATALOG_CREATED_AT,
    updated_at: CATALOG_CREATED_AT,
  }
}

/** Paddle's price entity: base EUR, overrides for TR in TRY and US in USD. */
export function priceJson(price: CatalogPrice) {
  const money = (currency: CurrencyCode) => ({
    amount: String(unitAmount(price, currency)),
    currency_code: currency,
  })
  return {
    id: price.id,
    product_id: PRODUCT.id,
    type: 'standard',
    name: price.name,
    description: price.description,
    billing_cycle: { interval: price.interval, frequency: 1 },
    trial_period: null,
    tax_mode: 'internal',
    unit_price: money('EUR'),
    unit_price_overrides: [
      { country_codes: ['TR'], unit_price: money('TRY') },
      { country_codes: ['US'], unit_price: money('USD') },
    ],
    quantity: { minimum: 1, maximum: 1 },
    status: 'active',
    custom_data: null,
    import_meta: null,
    created_at: CATALOG_CREATED_AT,
    updated_at: CATALOG_CREATED_AT,
  }
}
