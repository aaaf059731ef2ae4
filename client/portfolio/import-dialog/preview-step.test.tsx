import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { ImportResult, ImportRow } from '../../../shared/api/schemas'
import { I18nContext } from '../../app/i18n-context'
import { loadMessages } from '../../../shared/i18n/messages'
import { createTranslator } from '../../../shared/i18n/translator'
import { withoutCardParts } from '../screens/screen-fixtures'
import { PreviewStep } from './preview-step'

const buy: ImportRow = {
  row: 1,
  transaction: {
    type: 'BUY',
    tradeDate: '2024-03-15',
    currency: 'EUR',
    fxRate: null,
    quantity: '1234.5',
    unitPrice: '150.5',
    amount: null,
    fee: '5',
    tax: null,
    splitRatio: null,
    acquiredDate: null,
    acquisitionFxRate: null,
    toCurrency: null,
    toAmount: null,
    note: 'Müller',
  },
  instrument: {
    id: null,
    code: 'XYZ1',
    name: 'Grüne Energie AG',
    type: 'STOCK',
    currency: 'EUR',
    exchange: null,
    isin: null,
    match: 'new',
  },
  duplicate: false,
  leftOut: null,
  problems: [],
  notices: [],
}

const bad: ImportRow = {
  ...buy,
  row: 2,
  transaction: { ...buy.transaction, tradeDate: null },
  problems: [{ code: 'invalid_date', column: 'Datum', message: 'Zeile 2, Spalte „Datum“: …' }],
}

function result(rows: ImportRow[]): ImportResult {
  return {
    read: {
      preset: 'generic',
      encoding: 'windows-1252',
      separator: ';',
      decimalSeparator: ',',
      dateOrder: 'DMY',
      mapping: {},
    },
    rows,
    summary: {
      rows: rows.length,
      withProblems: rows.filter((row) => row.problems.length > 0).length,
      duplicates: rows.filter((row) => row.duplicate).length,
      leftOut: rows.filter((row) => row.leftOut !== null).length,
      newInstruments: 1,
    },
    written: 0,
  }
}

async function render(
  value: ImportResult,
  handlers: Partial<Parameters<typeof PreviewStep>[0]> = {},
): Promise<string> {
  const translator = createTranslator('de', await loadMessages('de'))
  return withoutCardParts(
    renderToStaticMarkup(
      <I18nContext value={translator}>
        <PreviewStep result={value} {...handlers} />
      </I18nContext>,
    ),
  )
}

describe('PreviewStep', () => {
  it('shows each row as its transaction in the German number and date format', async () => {
    const html = await render(result([buy]))
    expect(html).toContain('15.03.2024')
    expect(html).toContain('1.234,5')
    expect(html).toContain('150,50\u00a0€')
    expect(html).toContain('>neu<')
    expect(html).toContain('>Wird importiert<')
    expect(html).not.toContain('Fehlern zeigen')
  })

  it('shows a fund’s price with all its decimals, the fee at two', async () => {
    const fund: ImportRow = {
      ...buy,
      transaction: { ...buy.transaction, unitPrice: '0.812345', fee: '1.5' },
    }
    const html = await render(result([fund]))
    expect(html).toContain('<td>0,812345\u00a0€</td><td></td><td>1,50\u00a0€</td>')
  })

  it('offers to leave deposits out of a portfolio without cash, or to record cash', async () => {
    const deposit: ImportRow = {
      ...buy,
      row: 2,
      transaction: { ...buy.transaction, type: 'DEPOSIT' },
      problems: [{ code: 'cash_not_recorded', column: 'Typ', message: 'Zeile 2: Einzahlung' }],
    }
    const noop = () => {}
    const html = await render(result([buy, deposit]), {
      onLeaveOutCash: noop,
      onRecordCash: noop,
    })
    expect(html).toContain('1 Zeile ist eine Ein- oder Auszahlung')
    expect(html).toContain('>Diese Zeilen auslassen<')
    expect(html).toContain('>Bargeld in diesem Portfolio erfassen<')
    expect(html).toContain('nicht wieder abschalten')
    // Offline nothing is offered.
    expect(await render(result([buy, deposit]))).not.toContain('Diese Zeilen auslassen')
  })

  it('offers to confirm prices far from the known close', async () => {
    const far: ImportRow = {
      ...buy,
      problems: [{ code: 'price_implausible', column: null, message: 'Zeile 1: weit weg' }],
    }
    const html = await render(result([far]), { onConfirmPrices: () => {} })
    expect(html).toContain('>Diese Kurse stimmen: so importieren<')
  })

  it('says under a row how it was read off its face, and why a row is left out', async () => {
    const pence: ImportRow = {
      ...buy,
      row: 3,
      notices: [{ code: 'minor_unit', column: 'Währung', message: 'Zeile 3: in GBp gelesen' }],
    }
    const cancelled: ImportRow = {
      ...buy,
      row: 4,
      leftOut: { code: 'not_executed', message: 'Zeile 4: nicht ausgeführt; ausgelassen.' },
    }
    const joined: ImportRow = {
      ...buy,
      row: 5,
      leftOut: { code: 'joined_row', message: 'Zeile 5 und Zeile 6 gehören zusammen.' },
    }
    const html = await render(result([buy, pence, cancelled, joined]))
    // Under its own row a message goes without the row it names; one naming others stays whole.
    expect(html).toContain('<li>In GBp gelesen</li>')
    expect(html).toContain('<li>Nicht ausgeführt; ausgelassen.</li>')
    expect(html).toContain('<li>Zeile 5 und Zeile 6 gehören zusammen.</li>')
    expect(html).toContain('>Ausgelassen<')
    // Remarked rows come before plain ones.
    expect(html.indexOf('<th scope="row">3</th>')).toBeLessThan(
      html.indexOf('<th scope="row">1</th>'),
    )
  })

  it('puts a row with a problem first, its message under it, and says nothing can be imported', async () => {
    const html = await render(result([buy, bad]))
    expect(html.indexOf('Zeile 2, Spalte')).toBeLessThan(html.indexOf('15.03.2024'))
    expect(html).toContain('1 Zeile enthält einen Fehler')
    expect(html).toContain('Nur Zeilen mit Fehlern zeigen')
  })

  it('marks a row already recorded as skipped and says there is nothing new', async () => {
    const html = await render(result([{ ...buy, duplicate: true }]))
    expect(html).toContain('Schon erfasst, übersprungen')
    expect(html).toContain('nichts Neues zu importieren')
  })
})
