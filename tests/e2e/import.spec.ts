import type { Locator, Page } from '@playwright/test'
import { pdfOfLines } from '../../client/import/pdf/hand-written-pdf'
import { fixtureLines } from '../../client/import/pdf/pdf-fixture'
import { expect, test, waitForHydration } from './fixtures'
import { expectNoViolations } from './page-checks'

/** A number as the page writes it: Intl puts a no-break space between amount and symbol. */
const text = (value: string) => value.replace(/ /g, '\u00a0')

const HEADER = 'Datum;Typ;Code;Name;Anzahl;Kurs;Gebühr;Steuer;Währung;Notiz'

/**
 * A German bank's export: semicolons, decimal commas, day-first dates, Windows-1252 (ä, ü and ß
 * in one byte each). The note of the second purchase starts with `=`, as a formula would.
 */
const GOOD_ROWS = [
  '15.03.2024;BUY;SAP;SAP SE;10;150,50;5,00;0;EUR;Erstkauf für Müllers Depot',
  '20.04.2024;BUY;GRUEN;Grüne Energie AG;1000;12,34;10,00;0;EUR;=SUMME(A1)',
  '10.05.2024;SELL;SAP;SAP SE;4;160,00;2,50;1,25;EUR;Teilverkauf, Straße',
]

/** Windows-1252 agrees with Latin-1 on every letter used here. */
const windows1252 = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1')

const goodFile = {
  name: 'depot.csv',
  mimeType: 'text/csv',
  buffer: windows1252([HEADER, ...GOOD_ROWS]),
}
const badFile = {
  name: 'depot.csv',
  mimeType: 'text/csv',
  buffer: windows1252([
    HEADER,
    GOOD_ROWS[0] ?? '',
    '31.02.2024;BUY;GRUEN;Grüne Energie AG;1000;12,34;10,00;0;EUR;Tippfehler',
    GOOD_ROWS[2] ?? '',
  ]),
}

async function open(page: Page, path: string) {
  await page.goto(path)
  await waitForHydration(page)
}

/** The figure shown beside a term in a description list. */
function figure(scope: Locator, term: string) {
  return scope
    .locator('dl > div')
    .filter({ has: scope.page().getByText(term, { exact: true }) })
    .locator('dd')
}

test('German: import a semicolon, decimal-comma Windows-1252 file in three steps, re-import it, export it', async ({
  page,
  createUser,
  signIn,
}) => {
  // Three steps twice, re-imports of the file and of its export, two downloads and four
  // accessibility checks.
  test.slow()
  const user = await createUser({ locale: 'de' })
  await signIn(user)
  await open(page, '/de/portfolio')
  await page.getByRole('button', { name: 'Erstes Portfolio anlegen' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Depot')
  await page.getByLabel('Basiswährung').selectOption('EUR')
  await page.getByRole('radio', { name: /^Durchschnittskosten/ }).check()
  await page.getByRole('button', { name: 'Portfolio anlegen' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Depot')

  // Step 1: a file with an impossible date in its second data row.
  const opener = page.getByRole('button', { name: 'Aus Datei importieren' })
  await opener.click()
  const dialog = page.getByRole('dialog', { name: 'Buchungen importieren' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'Schritte des Imports' })).toContainText(
    'Datei hochladen',
  )
  await expectNoViolations(page, {
    include: 'dialog.import-dialog',
    themes: 'shown',
    label: 'upload',
  })
  await dialog.getByLabel('Datei auswählen…').setInputFiles(badFile)
  await expect(dialog.getByText('„depot.csv“ gelesen:')).toBeVisible()
  await expect(figure(dialog, 'Zeichenkodierung')).toHaveText('Windows-1252 (Westeuropäisch)')
  await expect(figure(dialog, 'Trennzeichen')).toHaveText('Semikolon (;)')
  await expect(figure(dialog, 'Zeilen')).toHaveText('3')
  await dialog.getByRole('button', { name: 'Weiter' }).click()

  // Step 2: the German headers fill the generic layout's mapping.
  await expect(dialog.getByRole('heading', { name: 'Spalten zuordnen' })).toBeFocused()
  await expect(dialog.getByLabel('Aufbau der Datei')).toHaveValue('generic')
  const mapped: [string, string][] = [
    ['Datum (Pflichtfeld)', 'Datum'],
    ['Art (Pflichtfeld)', 'Typ'],
    ['Kürzel', 'Code'],
    ['Name', 'Name'],
    ['Stückzahl', 'Anzahl'],
    ['Kurs', 'Kurs'],
    ['Gebühren', 'Gebühr'],
    ['Steuern', 'Steuer'],
    ['Währung', 'Währung'],
    ['Notiz', 'Notiz'],
  ]
  for (const [label, column] of mapped) {
    await expect(dialog.getByLabel(label, { exact: true })).toHaveValue(column)
  }
  await expect(dialog.getByRole('region', { name: 'Die ersten Zeilen der Datei' })).toContainText(
    'Erstkauf für Müllers Depot',
  )
  await expectNoViolations(page, { include: 'dialog.import-dialog', themes: 'shown', label: 'map' })
  // Without a type column the import cannot go on, and says why.
  await dialog.getByLabel('Art (Pflichtfeld)').selectOption('')
  await expect(dialog.getByText('Bitte wählen Sie eine Spalte für: Art.')).toBeVisible()
  const check = dialog.getByRole('button', { name: 'Import prüfen' })
  await expect(check).toHaveAttribute('aria-disabled', 'true')
  // By keyboard: a button that is only aria-disabled still takes focus and says why.
  await check.focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByLabel('Art (Pflichtfeld)')).toBeFocused()
  await dialog.getByLabel('Art (Pflichtfeld)').selectOption('Typ')
  await check.click()

  // Step 3: the bad row comes first with its German message; nothing can be imported.
  const rows = dialog.getByRole('region', { name: /^Die Zeilen als die Buchungen/ })
  await expect(rows.getByRole('row').nth(1)).toContainText('Fehler')
  await expect(rows).toContainText('„31.02.2024“ in „Datum“ ist kein gültiges Datum.')
  await expect(rows.getByRole('row').nth(1)).toHaveAccessibleName(/^2\b/)
  await expect(rows).toContainText(text('150,50 €'))
  await expect(rows).toContainText('15.03.2024')
  await expect(dialog).toContainText('1 Zeile enthält einen Fehler')
  await expect(figure(dialog, 'Mit Fehlern')).toHaveText('1')
  // Nothing can be imported: the button counts nothing.
  const submit = dialog.getByRole('button', { name: 'Importieren', exact: true })
  await expect(submit).toHaveAttribute('aria-disabled', 'true')
  await expectNoViolations(page, {
    include: 'dialog.import-dialog',
    themes: 'shown',
    label: 'preview with a problem',
  })

  // The corrected file, chosen again.
  await dialog.getByRole('button', { name: 'Zurück' }).click()
  await dialog.getByRole('button', { name: 'Zurück' }).click()
  await dialog.getByLabel('Datei auswählen…').setInputFiles(goodFile)
  await expect(figure(dialog, 'Zeilen')).toHaveText('3')
  await dialog.getByRole('button', { name: 'Weiter' }).click()
  await dialog.getByRole('button', { name: 'Import prüfen' }).click()
  await expect(figure(dialog, 'Mit Fehlern')).toHaveText('0')
  await expect(figure(dialog, 'Neue Wertpapiere')).toHaveText('1')
  await expect(rows.getByRole('row', { name: /^2\b/ })).toContainText('1.000')
  await expect(rows.getByRole('row', { name: /^2\b/ })).toContainText('neu')
  await expect(rows.getByRole('row', { name: /^2\b/ })).toContainText(text('12,34 €'))
  await expect(rows.getByRole('row', { name: /^1\b/ })).toContainText('Katalog')
  await expect(rows.getByRole('row', { name: /^3\b/ })).toContainText('Teilverkauf, Straße')
  await expectNoViolations(page, {
    include: 'dialog.import-dialog',
    themes: 'shown',
    label: 'preview',
  })
  await dialog.getByRole('button', { name: '3 Buchungen importieren' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('3 Buchungen importiert.')).toBeVisible()
  await expect(opener).toBeFocused()

  // By hand, average cost: SAP 10 × 150,50 + 5 = 1.510,00, i.e. 151,00 a share; the sale of 4
  // brings 4 × 160 − 2,50 − 1,25 = 636,25 against 604,00: realized 32,25; 6 left at 151,00.
  // GRUEN 1.000 × 12,34 + 10 = 12.350,00, i.e. 12,35 a share.
  const holdings = page.getByRole('region', { name: /^Bestand in der Basiswährung/ })
  const sap = holdings.getByRole('row', { name: /SAP/ })
  await expect(sap.getByRole('cell').nth(0)).toHaveText('6')
  await expect(sap.getByRole('cell').nth(1)).toHaveText(text('151,00 €'))
  const gruen = holdings.getByRole('row', { name: /GRUEN/ })
  await expect(gruen.getByRole('cell').nth(0)).toHaveText('1.000')
  await expect(gruen.getByRole('cell').nth(1)).toHaveText(text('12,35 €'))
  await expect(
    figure(page.getByRole('region', { name: 'Summen' }), 'Realisierter Gewinn nach Steuern'),
  ).toHaveText(text('+32,25 €'))

  // The same file again: every row is a duplicate, nothing can be imported.
  await opener.click()
  await dialog.getByLabel('Datei auswählen…').setInputFiles(goodFile)
  await dialog.getByRole('button', { name: 'Weiter' }).click()
  await dialog.getByRole('button', { name: 'Import prüfen' }).click()
  await expect(figure(dialog, 'Schon erfasst')).toHaveText('3')
  await expect(rows.getByText('Schon erfasst, übersprungen')).toHaveCount(3)
  await expect(dialog).toContainText('es gibt nichts Neues zu importieren')
  await expect(dialog.getByRole('button', { name: 'Importieren', exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  )
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(opener).toBeFocused()
  await expect(sap.getByRole('cell').nth(0)).toHaveText('6')

  // The export: this app's spreadsheet CSV in the page's language, UTF-8 with a byte order mark,
  // the formula-like note neutralized.
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Als CSV exportieren' }).click()
  const download = await downloading
  const today = new Date().toISOString().slice(0, 10)
  expect(download.suggestedFilename()).toBe(`kiymet-depot-de-${today}.csv`)
  const exported = Buffer.concat(await Array.fromAsync(await download.createReadStream()))
  expect([...exported.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const [header, ...lines] = exported.toString('utf8').slice(1).trim().split(/\r?\n/)
  expect(header).toBe(
    'Datum;Art;Kürzel;ISIN;Name;Wertpapierart;Börse;Stückzahl;Kurs;Betrag;Gebühren;Steuern;Währung;Wechselkurs;Split-Verhältnis;Ursprünglich gekauft am;Wechselkurs beim Kauf;Erhaltene Währung (Wechsel);Erhaltener Betrag (Wechsel);Notiz',
  )
  expect(lines).toHaveLength(3)
  const first = lines.find((line) => line.startsWith('15.03.2024;Kauf;SAP;'))
  expect(first).toContain(';10;150,50;;5,00;0,00;EUR;')
  expect(first).toContain('Erstkauf für Müllers Depot')
  const formula = lines.find((line) => line.startsWith('20.04.2024;Kauf;GRUEN;'))
  expect(formula).toMatch(/;'=SUMME\(A1\)$/)

  // Read back, the export is what the portfolio already holds.
  await opener.click()
  await dialog
    .getByLabel('Datei auswählen…')
    .setInputFiles({ name: download.suggestedFilename(), mimeType: 'text/csv', buffer: exported })
  await dialog.getByRole('button', { name: 'Weiter' }).click()
  await expect(dialog.getByLabel('Aufbau der Datei')).toHaveValue('kiymet_spreadsheet')
  await dialog.getByRole('button', { name: 'Import prüfen' }).click()
  await expect(figure(dialog, 'Schon erfasst')).toHaveText('3')
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)

  const performance = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Für Portfolio Performance exportieren' }).click()
  expect((await performance).suggestedFilename()).toBe(
    `kiymet-depot-portfolio-performance-${today}.csv`,
  )
})

test("German: two brokers' PDFs read on the device, checked, then imported", async ({
  page,
  createUser,
  signIn,
}) => {
  const user = await createUser({ locale: 'de' })
  await signIn(user)
  await open(page, '/de/portfolio')
  await page.getByRole('button', { name: 'Erstes Portfolio anlegen' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Trade Republic')
  await page.getByLabel('Basiswährung').selectOption('EUR')
  await page.getByRole('button', { name: 'Portfolio anlegen' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trade Republic')

  await page.getByRole('button', { name: 'Aus Datei importieren' }).click()
  const dialog = page.getByRole('dialog', { name: 'Buchungen importieren' })
  const pdf = (name: string) => ({
    name: name.replace('.txt', '.pdf'),
    mimeType: 'application/pdf',
    buffer: Buffer.from(pdfOfLines(fixtureLines(name))),
  })
  // Read by pdf.js in the page, under the site's Content-Security-Policy.
  await dialog
    .getByLabel('Datei auswählen…')
    .setInputFiles([pdf('tr-kauf.txt'), pdf('tr-sparplan.txt')])
  await expect(dialog).toContainText('Auf diesem Gerät aus 2 Dokumenten gelesen')
  await expect(dialog.getByRole('listitem').filter({ hasText: 'tr-kauf.pdf' })).toContainText(
    'Trade Republic, 1 Buchung',
  )
  await expectNoViolations(page, {
    include: 'dialog.import-dialog',
    themes: 'shown',
    label: 'PDFs read',
  })
  // Rows read from PDFs have nothing to map: Next checks them at once.
  await dialog.getByRole('button', { name: 'Weiter' }).click()
  const rows = dialog.getByRole('region', { name: /^Die Zeilen als die Buchungen/ })
  await expect(rows.getByRole('row', { name: /^1\b/ })).toContainText(text('142,36 €'))
  await expect(rows.getByRole('row', { name: /^2\b/ })).toContainText('2,375425')
  await expect(figure(dialog, 'Mit Fehlern')).toHaveText('0')
  await dialog.getByRole('button', { name: '2 Buchungen importieren' }).click()
  await expect(page.getByText('2 Buchungen importiert.')).toBeVisible()
  const holdings = page.getByRole('region', { name: /^Bestand in der Basiswährung/ })
  await expect(holdings.getByRole('row', { name: /Apple/ }).getByRole('cell').nth(0)).toHaveText(
    '5',
  )
})

test('English: deposits in a portfolio without cash are left out, or cash is recorded there and then', async ({
  page,
  createUser,
  signIn,
}) => {
  const user = await createUser({ locale: 'en' })
  await signIn(user)
  await open(page, '/en/portfolio')
  await page.getByRole('button', { name: 'Create your first portfolio' }).click()
  await page.getByLabel('Name', { exact: true }).fill('Savings')
  await page.getByLabel('Base currency').selectOption('EUR')
  await page.getByRole('button', { name: 'Create portfolio' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Savings')
  await expect(page.locator('.screen-header__meta')).toContainText('No cash recorded')

  await page.getByRole('button', { name: 'Import from a file' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import transactions' })
  const file = [
    'Date,Type,Code,Quantity,Price,Amount,Currency',
    '2024-03-01,DEPOSIT,,,,5000,EUR',
    '2024-03-04,BUY,SAP,10,180.5,,EUR',
  ].join('\n')
  await dialog
    .getByLabel('Choose a file…')
    .setInputFiles({ name: 'cash.csv', mimeType: 'text/csv', buffer: Buffer.from(file) })
  await dialog.getByRole('button', { name: 'Next' }).click()
  await dialog.getByRole('button', { name: 'Check the import' }).click()
  await expect(dialog).toContainText('1 row is a deposit or withdrawal')
  await expect(dialog).toContainText('Decide below about the deposit or withdrawal to go on.')
  await expectNoViolations(page, {
    include: 'dialog.import-dialog',
    themes: 'shown',
    label: 'cash decision',
  })

  await dialog.getByRole('button', { name: 'Leave these rows out' }).click()
  await expect(figure(dialog, 'Left out')).toHaveText('1')
  await expect(dialog.getByRole('button', { name: 'Import 1 transaction' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Undo' }).click()
  await expect(dialog).toContainText('1 row is a deposit or withdrawal')

  await dialog.getByRole('button', { name: 'Record cash in this portfolio' }).click()
  await expect(dialog.getByText('Cash is now recorded in this portfolio.')).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Check and import' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Import 2 transactions' }).click()
  await expect(page.getByText('2 transactions imported.')).toBeVisible()
  await expect(page.locator('.screen-header__meta')).toContainText('Records cash')
})
