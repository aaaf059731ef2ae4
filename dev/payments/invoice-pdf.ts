import { Hono } from 'hono'
import { pdfOfLines } from '../../client/import/pdf/hand-written-pdf'
import type { BillingState } from './billing-state'
import { countryInfo, PRODUCT } from './catalog'
import { catalogPrice, transactionAmounts } from './entities'
import { formatDay } from './page-layout'
import type { TransactionRecord } from './records'
import { formatMoney } from './totals'

/**
 * The invoice PDFs behind `GET /transactions/{id}/invoice` links and the portal's downloads: a
 * one-page document of the invoice's facts, for as long as the link's token lasts (an hour).
 */

export function invoiceLines(state: BillingState, txn: TransactionRecord): string[] {
  const { line, grand, credit, taxRate } = transactionAmounts(txn)
  const customer = txn.customerId ? state.customers.get(txn.customerId) : undefined
  const price = catalogPrice(txn.priceId)
  const country = txn.countryCode ? countryInfo(txn.countryCode).name : 'unknown'
  const amount = (minor: number) => formatMoney(minor, txn.currency)
  return [
    'INVOICE (local Paddle stand-in, not a real document)',
    'Seller: Paddle.com Market Ltd, merchant of record',
    '',
    `Invoice number: ${txn.invoiceNumber ?? '-'}`,
    `Date: ${formatDay(txn.billedAt ?? txn.updatedAt)}`,
    `Transaction: ${txn.id}`,
    `Customer: ${customer?.email ?? '-'} (${country})`,
    '',
    `${PRODUCT.name}, ${price.name.toLowerCase()}`,
    txn.billingPeriod
      ? `Period: ${formatDay(txn.billingPeriod.starts_at)} to ${formatDay(txn.billingPeriod.ends_at)}`
      : '',
    `Subtotal: ${amount(line.subtotal)}`,
    `VAT (${Math.round(Number(taxRate) * 1000) / 10} %): ${amount(line.tax)}`,
    `Total: ${amount(line.total)}`,
    ...(credit ? [`Credit applied: ${amount(credit)}`] : []),
    `Amount paid: ${amount(grand.total)}`,
  ]
}

export function createInvoiceRoutes(state: BillingState): Hono {
  return new Hono().get('/invoices/:file', (c) => {
    const txn = state.invoiceTransaction(c.req.query('token'))
    if (!txn || c.req.param('file') !== `${txn.id}.pdf`) {
      return c.text('This invoice link has expired or is not valid.', 403)
    }
    const disposition = c.req.query('disposition') === 'inline' ? 'inline' : 'attachment'
    const pdf = pdfOfLines(invoiceLines(state, txn))
    return c.body(pdf.slice().buffer, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `${disposition}; filename="invoice-${txn.invoiceNumber ?? txn.id}.pdf"`,
    })
  })
}
