import type postgres from 'postgres'
import {
  transactionWriteSchema,
  type ImportField,
  type ImportLeaveOut,
  type ImportRowNotice,
  type ImportRowProblem,
  type TransactionWrite,
} from '../../../shared/api/schemas'
import { sameInstrument, splitRatioOf } from '../../../shared/import/joined-rows'
import type { DraftRow } from '../../../shared/import/map-rows'
import { analyzePortfolio, decimal, parseDecimal, type PortfolioErrorCode } from '../../portfolio'
import type { TransactionInput } from '../../portfolio'
import { ApiProblem, type ProblemParam } from '../api-problem'
import { fxRatesToBase, instrumentsByCodeOrIsin, type NewInstrument } from '../store/import-store'
import { closesNear } from '../store/price-store'
import { callerPlan } from '../store/plan-store'
import type { PortfolioSettings } from '../store/portfolio-store'
import { engineTransactions, type TransactionValues } from '../store/transaction-store'
import { instrumentView, InstrumentMatcher, type ImportInstrument } from './match-instruments'
import { exchangeRate, movesMoney } from '../transaction-fx'
import { implausible } from './price-plausibility'
import type { ReadImport } from './read-import'

type Sql = postgres.TransactionSql

/** A problem of one row before it is put in words. */
export interface RowProblem {
  code: ImportRowProblem
  column: string | null
  params: Record<string, ProblemParam>
  /** engine_refused: the engine's reason. */
  engine?: PortfolioErrorCode
}

/** How a row was read off its face (row-conventions), before it is put in words. */
export interface RowNotice {
  code: ImportRowNotice
  column: string | null
  params: Record<string, ProblemParam>
}

/** One data row: what it becomes, where its instrument comes from, and what is wrong with it. */
export interface PlannedRow {
  draft: DraftRow
  notices: RowNotice[]
  /** Why the row is shown but not written: its program's word, or the caller's choice. */
  leftOut: ImportLeaveOut | null
  /** The figures the left-out message names (the row a cancellation pairs with). */
  leftOutParams?: Record<string, ProblemParam>
  instrument: ImportInstrument | null
  /** The instrument to create on commit (its key), when the row's is new. */
  newInstrumentKey: string | null
  /** The values to store (a new instrument's id is filled in on commit); null when not buildable. */
  values: TransactionValues | null
  duplicate: boolean
  problems: RowProblem[]
}

export interface ImportPlan {
  rows: PlannedRow[]
  newInstruments: Map<string, NewInstrument>
  /** The portfolio's transactions before the import, as the engine reads them. */
  existing: TransactionInput[]
}

/**
 * Rounds of the engine check: each takes out the row it refused and runs again; one more says
 * whether refusals remain.
 */
const ENGINE_ROUNDS = 10

/** Stands in for an instrument id while validating: the row's instrument is checked apart. */
const SOME_INSTRUMENT = '00000000-0000-4000-8000-000000000000'

/** The import field behind each field of a transaction write, to name the column at fault. */
const FIELD_OF_WRITE: Record<keyof TransactionWrite, ImportField> = {
  type: 'type',
  tradeDate: 'date',
  instrumentId: 'code',
  currency: 'currency',
  fxRate: 'fxRate',
  quantity: 'quantity',
  unitPrice: 'price',
  amount: 'amount',
  fee: 'fee',
  tax: 'tax',
  splitRatio: 'splitRatio',
  acquiredDate: 'acquiredDate',
  acquisitionFxRate: 'acquisitionFxRate',
  toCurrency: 'toCurrency',
  toAmount: 'toAmount',
  note: 'note',
}

/** The row problem a field issue of the transaction schema is. */
function problemOfIssue(code: string): ImportRowProblem {
  switch (code) {
    case 'required':
      return 'missing_value'
    case 'not_for_type':
      return 'not_for_type'
    case 'positive':
    case 'non_negative':
      return 'negative_number'
    case 'date':
    case 'after_trade_date':
      return 'invalid_date'
    case 'date_range':
      return 'date_range'
    case 'currency':
      return 'unknown_currency'
    case 'split_ratio':
      return 'invalid_split_ratio'
    case 'same_currency':
      return 'same_currency'
    // A lone surrogate (only a JSON file's escape makes one) cannot be stored either.
    case 'control_characters':
    case 'unpaired_surrogate':
      return 'control_characters'
    default:
      return 'invalid_number'
  }
}

/** The file's words for a row: its column headers, and the text of its cells. */
class RowText {
  constructor(private readonly read: ReadImport) {}

  /** The header of the column mapped to a field (ISIN standing in for a code it lacks). */
  column(field: ImportField): string | null {
    const { mapping } = this.read
    if (field === 'code') return mapping.code ?? mapping.isin ?? null
    return mapping[field] ?? null
  }

  /**
   * A problem or a notice of a row, with the figures its message names: the row, the column
   * (a field without one by its label in the caller's language) and the cell as written.
   */
  problem<Code extends ImportRowProblem | ImportRowNotice>(
    row: number,
    code: Code,
    column: string | null,
    field?: ImportField,
    figures: Record<string, ProblemParam> = {},
  ): { code: Code; column: string | null; params: Record<string, ProblemParam> } {
    const params: Record<string, ProblemParam> = {
      ...figures,
      row,
      column: column ?? (field ? { fields: [field] } : ''),
    }
    const index = column === null ? -1 : this.read.table.headers.indexOf(column)
    const cell = index < 0 ? undefined : this.read.table.rows[row - 1]?.[index]
    if (cell !== undefined) params.value = cell.length > 40 ? `${cell.slice(0, 39)}…` : cell
    if (code === 'column_count') {
      params.found = this.read.table.rows[row - 1]?.length ?? 0
      params.expected = this.read.table.headers.length
    }
    return { code, column, params }
  }
}

/** A deposit or a withdrawal: money into or out of the portfolio's own cash. */
function movesCash(draft: DraftRow): boolean {
  const { type } = draft.transaction
  return draft.leftOut === null && (type === 'DEPOSIT' || type === 'WITHDRAWAL')
}

/** A decimal as one spelling, so `10`, `10.0` and `10.00` compare equal. */
function sameDecimal(text: string | null | undefined): string {
  if (text === null || text === undefined) return ''
  return parseDecimal(text)?.toString() ?? text
}

/** What makes two transactions the same for the duplicate check. */
function duplicateKey(
  row: Pick<
    TransactionInput,
    | 'type'
    | 'tradeDate'
    | 'instrumentCode'
    | 'currency'
    | 'quantity'
    | 'unitPrice'
    | 'amount'
    | 'fee'
    | 'tax'
    | 'splitRatio'
    | 'toCurrency'
    | 'toAmount'
  >,
): string {
  return [
    row.type,
    row.tradeDate,
    row.instrumentCode ?? '',
    row.currency ?? '',
    sameDecimal(row.quantity),
    sameDecimal(row.unitPrice),
    sameDecimal(row.amount),
    sameDecimal(row.fee ?? '0'),
    sameDecimal(row.tax ?? '0'),
    row.splitRatio ?? '',
    row.toCurrency ?? '',
    sameDecimal(row.toAmount),
  ].join('|')
}

/**
 * The file's FX rate when it is base currency per the row's currency, else null (the reference
 * rate is looked up). Portfolio Performance's rate is its account's currency per the security's:
 * the base currency's only when the account is kept in it.
 */
function fileFxRate(draft: DraftRow, base: string): string | null {
  const { bookingCurrency } = draft
  if (bookingCurrency !== undefined && bookingCurrency !== base) return null
  return draft.transaction.fxRate
}

/** The values of a draft that validates as a transaction write, or its problems. */
function buildValues(
  draft: DraftRow,
  text: RowText,
  instrumentId: string | null,
  currency: string,
  base: string,
): { values: TransactionValues } | { problems: RowProblem[] } {
  const t = draft.transaction
  const write = {
    type: t.type,
    tradeDate: t.tradeDate,
    instrumentId: draft.instrument === null ? null : (instrumentId ?? SOME_INSTRUMENT),
    currency,
    fxRate: fileFxRate(draft, base),
    quantity: t.quantity,
    unitPrice: t.unitPrice,
    amount: t.amount,
    fee: t.fee,
    tax: t.tax,
    splitRatio: t.splitRatio,
    acquiredDate: t.acquiredDate,
    acquisitionFxRate: t.acquisitionFxRate,
    toCurrency: t.toCurrency,
    toAmount: t.toAmount,
    // The notes column holds 500 characters; a longer note from another program is cut, by
    // code points, so a character outside the BMP (an emoji) is never split in half.
    note:
      Array.from(t.note ?? '')
        .slice(0, 500)
        .join('')
        .trim() || null,
  }
  const parsed = transactionWriteSchema.safeParse(write)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const field = FIELD_OF_WRITE[issue.path[0] as keyof TransactionWrite] ?? 'type'
      const code = problemOfIssue(issue.message)
      return text.problem(draft.row, code, text.column(field), field)
    })
    return { problems }
  }
  const valid = parsed.data
  return {
    values: {
      type: valid.type,
      tradeDate: valid.tradeDate,
      instrumentId,
      currency,
      fxRate: valid.fxRate ?? null,
      quantity: valid.quantity ?? null,
      unitPrice: valid.unitPrice ?? null,
      amount: valid.amount ?? null,
      fee: valid.fee ?? null,
      tax: valid.tax ?? null,
      splitRatio: valid.splitRatio ?? null,
      acquiredDate: valid.acquiredDate ?? null,
      acquisitionFxRate: valid.acquisitionFxRate ?? null,
      toCurrency: valid.toCurrency ?? null,
      toAmount: valid.toAmount ?? null,
      note: valid.note ?? null,
    },
  }
}

/** The row's instrument (matched or to create), or the problem that keeps it from having one. */
function resolveInstrument(
  planned: PlannedRow,
  matcher: InstrumentMatcher,
  text: RowText,
  base: string,
): void {
  const { draft } = planned
  if (draft.instrument === null) return
  const match = matcher.match(draft.instrument, draft.transaction.currency, base)
  if (match.kind === 'invalid') {
    planned.problems.push(
      text.problem(draft.row, match.problem, text.column(match.field), match.field),
    )
    return
  }
  planned.instrument = instrumentView(match)
  if (match.kind === 'new') planned.newInstrumentKey = match.key
  const rowCurrency = draft.transaction.currency
  if (rowCurrency !== null && rowCurrency !== match.instrument.currency) {
    const problem = text.problem(draft.row, 'instrument_currency', text.column('currency'))
    problem.params.code = match.instrument.code
    problem.params.instrumentCurrency = match.instrument.currency
    problem.params.currency = rowCurrency
    planned.problems.push(problem)
  }
}

/**
 * Works out what an import would do, writing nothing: every row's transaction and instrument
 * (matched among the catalog and the caller's own, or new), which rows repeat transactions the
 * portfolio holds (each existing transaction absorbs one identical row), the reference FX rate
 * of rows in another currency that bring none and the plan's limit. The engine's check
 * ({@link checkWithEngine}) is left to the caller: a commit runs it only when the written rows
 * fail the check inside the database transaction.
 */
export async function planImport(
  sql: Sql,
  portfolio: PortfolioSettings,
  read: ReadImport,
): Promise<ImportPlan> {
  const base = portfolio.baseCurrency
  const text = new RowText(read)
  const wanted = InstrumentMatcher.wanted(read.rows.map((draft) => draft.instrument))
  const [existing, known, plan] = await Promise.all([
    engineTransactions(sql, portfolio.id),
    instrumentsByCodeOrIsin(sql, wanted.codes, wanted.isins),
    callerPlan(sql),
  ])
  const matcher = new InstrumentMatcher(known)
  const rows: PlannedRow[] = read.rows.map((draft) => ({
    draft,
    leftOut: draft.leftOut,
    ...(draft.joinedTo === undefined ? {} : { leftOutParams: { other: draft.joinedTo } }),
    instrument: null,
    newInstrumentKey: null,
    values: null,
    duplicate: false,
    problems: draft.problems.map(({ code, column, field, params }) =>
      text.problem(draft.row, code, column, field, params),
    ),
    notices: draft.notices.map(({ code, column, field, params }) =>
      text.problem(draft.row, code, column, field, params),
    ),
  }))

  pairCancellations(rows)
  for (const planned of rows) {
    // A portfolio that records cash keeps each currency's: said of a conversion left out.
    if (planned.leftOut === 'currency_conversion' && portfolio.recordsCash) {
      planned.leftOut = 'currency_conversion_cash'
    }
    // An exchange changes nothing of a portfolio without cash: left out, saying so.
    const exchange = planned.draft.transaction.type === 'EXCHANGE'
    if (exchange && planned.leftOut === null && !portfolio.recordsCash) {
      planned.leftOut = 'currency_conversion'
    }
    if (planned.leftOut !== null) continue
    // A deposit or withdrawal where no cash is recorded: left out when the caller chose so
    // (whatever else is wrong with it), else named after the row's other problems.
    const cashless = !portfolio.recordsCash && movesCash(planned.draft)
    if (cashless && read.leaveOutCash) {
      planned.leftOut = 'cash_not_recorded'
      continue
    }
    planRow(planned, matcher, text, base)
    if (cashless) {
      planned.values = null
      planned.problems.push(
        text.problem(planned.draft.row, 'cash_not_recorded', text.column('type')),
      )
    }
  }

  findCancelledRecords(rows, existing, text)
  const unmatched = duplicateCounts(existing)
  markDuplicates(rows, unmatched)
  await addFxRates(sql, rows, base, text)
  // After the duplicates, so a re-imported file's purchases are not counted twice, and the
  // rates, so the engine can read the rows before it. A split moves no money: it needs none.
  const splits = splitsFromUnits(rows, existing, portfolio, text)
  markDuplicates(splits, unmatched)
  await checkPrices(sql, rows, read.confirmedPrices, text)
  markPlanLimit(rows, existing.length, plan.limits.transactionsPerPortfolio, text)
  return { rows, newInstruments: matcher.newInstruments(), existing }
}

/**
 * Whether `original` is the booking `cancellation` undoes: type, instrument, units, price and,
 * for income (which keeps one), the amount: a reversed dividend gives no units.
 */
function cancels(cancellation: DraftRow, original: DraftRow): boolean {
  const { transaction: undo } = cancellation
  const { transaction: done } = original
  return (
    original.cancels === undefined &&
    done.type === cancellation.cancels &&
    // Interest on the account has no instrument on either side.
    (sameInstrument(cancellation, original) ||
      (cancellation.instrument === null && original.instrument === null)) &&
    sameDecimal(done.quantity) === sameDecimal(undo.quantity) &&
    (done.unitPrice === null ||
      undo.unitPrice === null ||
      sameDecimal(done.unitPrice) === sameDecimal(undo.unitPrice)) &&
    (done.amount === null || sameDecimal(done.amount) === sameDecimal(undo.amount)) &&
    done.tradeDate !== null &&
    undo.tradeDate !== null &&
    done.tradeDate <= undo.tradeDate
  )
}

/**
 * A cancellation (Storno) and the booking it undoes in the same file: both are left out, each
 * naming the other, and the cancellation's problem goes. Each booking is cancelled once; among
 * several that match, one listed before the cancellation (a file in date order, whose booking
 * made again after a Storno comes after it) before one listed after (a file newest first), then
 * the latest.
 */
function pairCancellations(rows: readonly PlannedRow[]): void {
  const paired = new Set<PlannedRow>()
  const rank = (row: PlannedRow, cancellation: PlannedRow) =>
    `${row.draft.row < cancellation.draft.row ? 1 : 0}|${row.draft.transaction.tradeDate}`
  for (const cancellation of rows) {
    if (cancellation.draft.cancels === undefined || cancellation.draft.cancels === null) continue
    const original = rows
      .filter(
        (row) =>
          row !== cancellation &&
          row.leftOut === null &&
          !paired.has(row) &&
          cancels(cancellation.draft, row.draft),
      )
      .sort((a, b) => (rank(a, cancellation) < rank(b, cancellation) ? -1 : 1))
      .at(-1)
    if (!original) continue
    paired.add(original)
    for (const [row, other] of [
      [cancellation, original],
      [original, cancellation],
    ] as const) {
      row.leftOut = 'cancelled_pair'
      row.leftOutParams = { other: other.draft.row }
      row.problems = []
    }
  }
}

/**
 * A cancellation whose booking is not in the file but already in the portfolio (an earlier
 * import): named with that booking's date, as the import writes and never deletes.
 */
function findCancelledRecords(
  rows: readonly PlannedRow[],
  existing: readonly TransactionInput[],
  text: RowText,
): void {
  for (const row of rows) {
    const { cancels: type, transaction, instrument } = row.draft
    // The instrument's id; null for a booking of the account (interest), none for a new one.
    const id = instrument === null ? null : (row.instrument?.id ?? undefined)
    if (row.leftOut !== null || type === undefined || type === null || id === undefined) continue
    const recorded = existing.findLast(
      (done) =>
        done.type === type &&
        done.instrumentCode === id &&
        sameDecimal(done.quantity) === sameDecimal(transaction.quantity) &&
        (transaction.unitPrice === null ||
          sameDecimal(done.unitPrice) === sameDecimal(transaction.unitPrice)) &&
        (done.amount === null || sameDecimal(done.amount) === sameDecimal(transaction.amount)) &&
        transaction.tradeDate !== null &&
        done.tradeDate <= transaction.tradeDate,
    )
    if (!recorded) continue
    // Named on the cell that told the cancellation: the type, or a reversal's amount.
    const told = row.problems.find((problem) => problem.code === 'cancellation')
    row.problems = row.problems.filter((problem) => problem !== told)
    row.problems.unshift(
      text.problem(row.draft.row, 'cancels_recorded', told?.column ?? text.column('type'), 'type', {
        type: { type },
        date: { date: recorded.tradeDate },
      }),
    )
  }
}

/** A row's instrument and the values it stores, or its problems. */
function planRow(planned: PlannedRow, matcher: InstrumentMatcher, text: RowText, base: string) {
  resolveInstrument(planned, matcher, text, base)
  if (planned.problems.length > 0 || planned.draft.transaction.type === null) return
  // A split given as units is built once its ratio is known (splitsFromUnits).
  if (planned.draft.splitUnits !== undefined) return
  buildRow(planned, text, base)
}

/** The values a row with its instrument matched stores, or its problems. */
function buildRow(planned: PlannedRow, text: RowText, base: string) {
  const currency = planned.draft.transaction.currency ?? planned.instrument?.currency ?? base
  const built = buildValues(planned.draft, text, planned.instrument?.id ?? null, currency, base)
  if ('problems' in built) planned.problems.push(...built.problems)
  else planned.values = built.values
}

/**
 * A split given as units (no ratio) is the split they make of the units held that day:
 * (held + booked in) : held, or (held − taken out) : held. The holding is the engine's, over the
 * portfolio's transactions up to that day and the file's rows to write before it; a split of the
 * instrument recorded that day stays aside, so a re-imported file finds the split it wrote then
 * as a duplicate. A position of whole units must stay one: the engine would pay a part of a
 * unit out in cash the file does not show. Returns the rows built.
 */
function splitsFromUnits(
  rows: readonly PlannedRow[],
  existing: readonly TransactionInput[],
  portfolio: PortfolioSettings,
  text: RowText,
): PlannedRow[] {
  const built: PlannedRow[] = []
  for (const planned of rows) {
    const { draft } = planned
    const units = draft.splitUnits
    if (units === undefined || planned.leftOut !== null || planned.problems.length > 0) continue
    const date = draft.transaction.tradeDate as string
    const instrument = engineInstrument(planned)
    const before = rowsToWrite(rows).filter(({ values, draft: other }) => {
      const day = (values as TransactionValues).tradeDate
      return day < date || (day === date && other.row < draft.row)
    })
    const recorded = existing.filter(
      (row) =>
        row.tradeDate < date ||
        (row.tradeDate === date && !(row.type === 'SPLIT' && row.instrumentCode === instrument)),
    )
    const report = analyze(portfolio, [...recorded, ...engineRows(before, existing)], date)
    const column = text.column('quantity')
    // The engine refuses what comes before (its rows are named by the engine check): no holding
    // can be told, none is claimed.
    if (!report.ok) {
      planned.problems.push(text.problem(draft.row, 'split_units_unknown', column, 'quantity'))
      continue
    }
    const held = report.value.holdings.find(
      (holding) => holding.instrumentCode === instrument,
    )?.quantity
    const added = decimal(units.quantity)
    const after = held && (units.direction === 'in' ? held.plus(added) : held.minus(added))
    if (!held || !after || after.sign() <= 0) {
      planned.problems.push(
        text.problem(draft.row, 'split_units_not_held', column, 'quantity', {
          units: { decimal: units.quantity },
          held: { decimal: held?.toString() ?? '0' },
          code: planned.instrument?.code ?? '',
          date: { date },
        }),
      )
      continue
    }
    const figures = { held: { decimal: held.toString() }, after: { decimal: after.toString() } }
    if (held.isWhole() && !after.isWhole()) {
      planned.problems.push(
        text.problem(draft.row, 'split_units_fraction', column, 'quantity', figures),
      )
      continue
    }
    const ratio = splitRatioOf(after.toString(), held.toString())
    planned.draft = { ...draft, transaction: { ...draft.transaction, splitRatio: ratio } }
    delete planned.draft.splitUnits
    buildRow(planned, text, portfolio.baseCurrency)
    planned.notices.push(
      text.problem(draft.row, 'split_from_units', column, 'quantity', { ...figures, ratio }),
    )
    built.push(planned)
  }
  return built
}

/** Rows that will be written: built, no problem, not already in the portfolio. */
export function rowsToWrite(rows: readonly PlannedRow[]): PlannedRow[] {
  return rows.filter((row) => row.values !== null && !row.duplicate && row.problems.length === 0)
}

/** How many transactions the portfolio holds of each duplicate key: each absorbs one row. */
function duplicateCounts(existing: readonly TransactionInput[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const transaction of existing) {
    const key = duplicateKey(transaction)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}

function markDuplicates(rows: readonly PlannedRow[], counts: Map<string, number>) {
  for (const row of rows) {
    if (row.values === null || row.problems.length > 0 || row.newInstrumentKey !== null) continue
    const key = duplicateKey({ ...row.values, instrumentCode: row.values.instrumentId })
    const left = counts.get(key) ?? 0
    if (left === 0) continue
    counts.set(key, left - 1)
    row.duplicate = true
  }
}

async function addFxRates(
  sql: Sql,
  rows: readonly PlannedRow[],
  base: string,
  text: RowText,
): Promise<void> {
  // An exchange into the base currency brings its own rate.
  for (const row of rowsToWrite(rows)) {
    const values = row.values as TransactionValues
    values.fxRate ??= exchangeRate(values, base)
  }
  const needing = rowsToWrite(rows).filter((row) => {
    const values = row.values as TransactionValues
    return (
      values.currency !== base && values.fxRate === null && movesMoney(values.type, values.amount)
    )
  })
  const pairs = new Map<string, { currency: string; date: string }>()
  for (const row of needing) {
    const { currency, tradeDate } = row.values as TransactionValues
    pairs.set(`${currency}|${tradeDate}`, { currency, date: tradeDate })
  }
  const rates = await fxRatesToBase(sql, base, [...pairs.values()])
  for (const row of needing) {
    const values = row.values as TransactionValues
    const rate = rates.get(`${values.currency}|${values.tradeDate}`)
    if (rate !== undefined) {
      values.fxRate = rate
      continue
    }
    const problem = text.problem(row.draft.row, 'fx_rate_missing', text.column('fxRate'))
    problem.params.currency = values.currency
    problem.params.base = base
    problem.params.date = { date: values.tradeDate }
    row.problems.push(problem)
  }
}

/**
 * A purchase's or a sale's price more than five times off the instrument's known close that day
 * is the row's problem, naming both figures and the likely cause, unless the caller confirmed
 * it (then a notice says it was).
 */
async function checkPrices(
  sql: Sql,
  rows: readonly PlannedRow[],
  confirmed: ReadonlySet<number>,
  text: RowText,
): Promise<void> {
  const trades = rowsToWrite(rows).filter(({ values }) => {
    const { type, instrumentId, unitPrice } = values as TransactionValues
    return (type === 'BUY' || type === 'SELL') && instrumentId !== null && unitPrice !== null
  })
  const closes = await closesNear(
    sql,
    trades.map(({ values }) => {
      const { instrumentId, tradeDate } = values as TransactionValues
      return { instrumentId: instrumentId as string, date: tradeDate }
    }),
  )
  for (const row of trades) {
    const { instrumentId, tradeDate, unitPrice } = row.values as TransactionValues
    const known = closes.get(`${instrumentId}|${tradeDate}`)
    if (!known) continue
    const cause = implausible(unitPrice as string, known.close)
    if (cause === null) continue
    const figures = {
      price: { decimal: unitPrice as string },
      close: { decimal: known.close },
      date: { date: known.date },
    }
    const { row: number } = row.draft
    if (confirmed.has(number)) {
      row.notices.push(
        text.problem(number, 'price_confirmed', text.column('price'), 'price', figures),
      )
    } else {
      const problem = text.problem(number, 'price_implausible', text.column('price'), 'price', {
        ...figures,
        cause: { cause },
      })
      row.problems.push(problem)
    }
  }
}

function markPlanLimit(
  rows: readonly PlannedRow[],
  existing: number,
  limit: number,
  text: RowText,
): void {
  rowsToWrite(rows).forEach((row, index) => {
    if (existing + index < limit) return
    const problem = text.problem(row.draft.row, 'plan_limit', null)
    problem.params.limit = limit
    row.problems.push(problem)
  })
}

/** The engine's name of a row's instrument: its id, or the key of the one to create. */
function engineInstrument(row: PlannedRow): string | null {
  return row.newInstrumentKey === null
    ? (row.instrument?.id ?? null)
    : `new:${row.newInstrumentKey}`
}

/** Rows to write as the engine reads them: after the portfolio's own, in file order. */
function engineRows(
  candidates: readonly PlannedRow[],
  existing: readonly TransactionInput[],
): TransactionInput[] {
  const firstSequence = existing.reduce((max, row) => Math.max(max, row.sequence), 0) + 1
  return candidates.map((row, index) => ({
    ...(row.values as TransactionValues),
    id: `row:${row.draft.row}`,
    sequence: firstSequence + index,
    instrumentCode: engineInstrument(row),
  }))
}

function analyze(
  portfolio: PortfolioSettings,
  transactions: TransactionInput[],
  asOf: string,
): ReturnType<typeof analyzePortfolio> {
  const { baseCurrency, costBasisMethod, recordsCash } = portfolio
  return analyzePortfolio(
    {
      portfolio: { baseCurrency, costBasisMethod, recordsCash },
      transactions,
      prices: {},
      fxRates: {},
    },
    { asOf },
  )
}

const ROW_ID = /^row:(\d+)$/

/**
 * Runs the engine over the portfolio's transactions and the rows to write (after them on their
 * dates, in file order). A refusal of a row marks it (`engine_refused`) and the check runs again
 * without it, so several sales of more than held are each shown; a refusal of a transaction
 * already there (a new row took the units it sells) marks the latest new row of that instrument
 * before it. A refusal still there after {@link ENGINE_ROUNDS} rounds marks its row
 * `engine_check_stopped`, so the preview never looks clean unchecked; one that names no
 * transaction is the file's problem (thrown, as the engine's error).
 */
export function checkWithEngine(
  plan: ImportPlan,
  portfolio: PortfolioSettings,
  read: ReadImport,
): void {
  const { rows, existing } = plan
  const text = new RowText(read)
  const byRow = new Map(rows.map((row) => [row.draft.row, row]))
  for (let round = 0; round <= ENGINE_ROUNDS; round++) {
    const candidates = rowsToWrite(rows)
    if (candidates.length === 0) return
    const transactions = [...existing, ...engineRows(candidates, existing)]
    const asOf = transactions.reduce(
      (last, row) => (row.tradeDate > last ? row.tradeDate : last),
      '',
    )
    const result = analyze(portfolio, transactions, asOf)
    if (result.ok) return
    const { error } = result
    const own = ROW_ID.exec(error.transactionId ?? '')
    const culprit = own
      ? byRow.get(Number(own[1]))
      : blameFor(error.transactionId, existing, candidates)
    if (!culprit) throw new ApiProblem({ engine: error.code })
    if (round === ENGINE_ROUNDS) {
      const stopped = text.problem(culprit.draft.row, 'engine_check_stopped', null)
      stopped.params.limit = ENGINE_ROUNDS
      culprit.problems.push(stopped)
      return
    }
    const field = own && error.field ? FIELD_OF_WRITE[error.field as keyof TransactionWrite] : null
    const problem = text.problem(
      culprit.draft.row,
      'engine_refused',
      field ? text.column(field) : null,
    )
    culprit.problems.push({ ...problem, engine: error.code })
    if (!own) return
  }
}

/**
 * The new row most likely at fault when the engine refuses a transaction already recorded; none
 * when the refusal names no transaction there (then no row is to blame).
 */
function blameFor(
  transactionId: string | null,
  existing: readonly TransactionInput[],
  candidates: readonly PlannedRow[],
): PlannedRow | undefined {
  const refused = existing.find((row) => row.id === transactionId)
  if (!refused) return undefined
  const before = candidates.filter(
    (row) =>
      engineInstrument(row) === refused.instrumentCode &&
      (row.values as TransactionValues).tradeDate <= refused.tradeDate,
  )
  return before[before.length - 1] ?? candidates[0]
}
