/**
 * Currencies quoted in hundredths: London in pence (`GBp`, `GBX`), Johannesburg in cents (`ZAc`,
 * `ZAC`), Tel Aviv in agorot (`ILA`). Written so by Yahoo Finance, Ghostfolio and Interactive
 * Brokers; the case matters (`GBP` is pounds). One list for the quote feed and the import.
 */
const MINOR_UNITS: Readonly<Record<string, string>> = {
  GBp: 'GBP',
  GBX: 'GBP',
  GBx: 'GBP',
  ZAc: 'ZAR',
  ZAC: 'ZAR',
  ZAX: 'ZAR',
  ILA: 'ILS',
  ILa: 'ILS',
}

/**
 * The currency a minor unit is a hundredth of, or null for any other text.
 * @example minorUnitCurrency('GBp') // 'GBP'
 */
export function minorUnitCurrency(text: string): string | null {
  return MINOR_UNITS[text] ?? null
}

const DECIMALS = new Map<string, number>()

/**
 * The decimals a currency's amounts have, its minor unit as ISO 4217 gives it (Intl knows it):
 * yen none, euro and lira two, Kuwaiti dinar three; two when no currency is known.
 * @example currencyDecimals('JPY') // 0
 */
export function currencyDecimals(currency: string | null): number {
  if (currency === null) return 2
  let decimals = DECIMALS.get(currency)
  if (decimals === undefined) {
    decimals =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    DECIMALS.set(currency, decimals)
  }
  return decimals
}
