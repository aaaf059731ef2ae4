/**
 * Money as Paddle computes it for tax-inclusive prices, in integer minor units: the total is the
 * price, the tax is the part of it at the country's rate, and Paddle keeps a fee (5 % + 50 minor
 * units, its standard rate) out of the subtotal.
 */

export interface Totals {
  subtotal: number
  tax: number
  total: number
}

/** `total` split into subtotal and tax at `taxRate` (a decimal string, "0.2"). */
export function taxInclusive(total: number, taxRate: string): Totals {
  const subtotal = Math.round(total / (1 + Number(taxRate)))
  return { subtotal, tax: total - subtotal, total }
}

/** The part of `totals` that `amount` (≤ total) is, as a partial refund splits it. */
export function share(totals: Totals, amount: number): Totals {
  if (totals.total === 0) return { subtotal: 0, tax: 0, total: 0 }
  const tax = Math.round((totals.tax * amount) / totals.total)
  return { subtotal: amount - tax, tax, total: amount }
}

/** Paddle's fee on a payment of `total`. */
export function paddleFee(total: number): number {
  return total === 0 ? 0 : Math.round(total * 0.05) + 50
}

/** Minor units as Paddle writes money: a string of the integer. */
export const money = (minor: number): string => String(minor)

/** Minor units as Paddle.js events give totals: a number in major units. */
export const major = (minor: number): number => minor / 100

/** An amount for people: "TRY 149.00". */
export function formatMoney(minor: number, currency: string): string {
  return `${currency} ${(minor / 100).toFixed(2)}`
}
