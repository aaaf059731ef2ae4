import { decimal, type Decimal } from '../decimal/decimal'
import { currencyDecimals } from '../portfolio/minor-units'
import { publishedDecimals, type PriceProvider } from '../portfolio/price-providers'

/**
 * The precision each figure of the spreadsheet export is written at (docs/import.md, "This app's
 * spreadsheet export"): what a person reads in a spreadsheet, never a quotient's twenty decimals
 * or a float's noise. Each answers a plain decimal string with `.`; the writer puts the
 * language's decimal mark in. Rounding is half away from zero, as the screens show figures.
 */

/**
 * The most decimals a price or a quantity is written with as it stands: as many as a person or a
 * broker writes (crypto's eight). A longer one is a quotient, such as a price worked out from a
 * total (`12229.92 / 100`… to twenty places).
 */
const WRITTEN_DECIMALS = 8

/** Significant digits of a rate: those of the app's own inverse and cross rates (docs/fx-rates.md). */
const RATE_DIGITS = 10

/** `value` rounded to `places` decimals and written with at least `minimum` of them. */
function fixed(value: Decimal, places: number, minimum = 0): string {
  const text = value.round(places, 'half-away-from-zero').toString()
  if (minimum === 0) return text
  const [whole, fraction = ''] = text.split('.')
  return fraction.length >= minimum ? text : `${whole}.${fraction.padEnd(minimum, '0')}`
}

/**
 * An amount of money (a total, a fee, a tax) at its currency's minor unit, all its decimals
 * written: `10000` TRY is `10000.00`, `1500` JPY `1500`.
 */
export function moneyText(amount: string, currency: string | null): string {
  const places = currencyDecimals(currency)
  return fixed(decimal(amount), places, places)
}

/**
 * A price per unit at the instrument's precision: at least its currency's decimals, or the
 * decimals its prices are published with (a TEFAS fund's six). A price of up to eight decimals
 * keeps them all, as it was written; a longer one (a quotient) is rounded to the instrument's
 * precision, which its latest close (`quoted`) shows when it has more decimals.
 * @example priceText('122.29922543823889115369', 'TRY', null, '289.75') // '122.30'
 * @example priceText('0.93', 'TRY', { priceProvider: 'tefas' }, null) // '0.930000'
 */
export function priceText(
  price: string,
  currency: string | null,
  instrument: { priceProvider: PriceProvider | null } | null,
  quoted: string | null,
): string {
  const value = decimal(price)
  const minimum = Math.max(
    currencyDecimals(currency),
    instrument === null ? 0 : publishedDecimals(instrument),
  )
  if (value.scale <= WRITTEN_DECIMALS) return fixed(value, value.scale, minimum)
  const quotedDecimals = quoted === null ? 0 : decimal(quoted).scale
  return fixed(value, Math.max(minimum, quotedDecimals), minimum)
}

/**
 * A number of units as it was written, up to eight decimals (a fractional share, a coin's
 * satoshis); a longer one rounded to eight.
 */
export function quantityText(quantity: string): string {
  return fixed(decimal(quantity), WRITTEN_DECIMALS)
}

/**
 * An exchange rate at ten significant digits at most, as the app's own cross rates have them;
 * a published rate (4 to 6 digits) is written as it is.
 * @example rateText('0.03333333333333333333') // '0.03333333333'
 */
export function rateText(rate: string): string {
  const value = decimal(rate)
  const digits = (value.units < 0n ? -value.units : value.units).toString().length
  // Digits before the point: 2 for 36.7362, −1 for 0.0333.
  const whole = digits - value.scale
  return fixed(value, Math.max(0, RATE_DIGITS - whole))
}
