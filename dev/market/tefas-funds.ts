import { formatFixed, toFixedUnits } from '../demo/fixed-point'
import { fundOf, fundSeries, FUND_CODE, KNOWN_FUND_CODES } from './instrument-series'

/** Unit prices have six decimals. */
const FUND_PRICE_SCALE = 6
/** The spans (months back from today) one fund's history may be asked for; 13 is the last week. */
const HISTORY_PERIODS = [1, 3, 6, 12, 13, 36, 60]
/** The keys TEFAS's every-fund list requires; a body missing one answers "Sistem Hatası!!". */
const LIST_KEYS = ['fonTipi', 'fonKodu', 'basTarih', 'bitTarih', 'basSira', 'bitSira', 'dil']

export const TEFAS_FUND_HISTORY = '/api/funds/fonFiyatBilgiGetir'
export const TEFAS_FUND_LIST = '/api/funds/fonGnlBlgSiraliGetir'

type Row = Record<string, unknown>

/** TEFAS's envelope; its errors come inside a 200. */
const envelope = (rows: Row[] | null, message: string | null = null) =>
  JSON.stringify({ errorCode: null, errorMessage: message, resultList: rows })
const SYSTEM_ERROR = envelope(null, 'Sistem Hatası!!')
const NOTHING_FOUND = envelope(null, 'Veri bulunamadı.')

/** `20250107` → `2025-01-07`, or null. */
function isoOf(value: unknown): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(typeof value === 'string' ? value : '')
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null
}

/** `date` moved `months` back (13: a week back), as TEFAS counts its history spans. */
function monthsBack(date: string, months: number): string {
  const moved = new Date(`${date}T00:00:00Z`)
  if (months === 13) moved.setUTCDate(moved.getUTCDate() - 7)
  else moved.setUTCMonth(moved.getUTCMonth() - months)
  return moved.toISOString().slice(0, 10)
}

/** A fund's rows from `from` to `to`, oldest first, with the fields of TEFAS's every-fund list. */
function rowsOf(code: string, from: string, to: string, today: string): Row[] {
  const fund = fundOf(code)
  const series = fundSeries(code, today)
  const shares = 1e8 * (1 + (code.charCodeAt(0) % 7)) + 1e6 * code.charCodeAt(2)
  const rows: Row[] = []
  series.dates.forEach((date, index) => {
    if (date < from || date > to) return
    const price = toFixedUnits(series.levels[index] ?? 0, FUND_PRICE_SCALE) / 10 ** FUND_PRICE_SCALE
    rows.push({
      fonKodu: code,
      fonUnvan: fund.title,
      tarih: `${date}T00:00:00`,
      fiyat: Number(formatFixed(Math.round(price * 10 ** FUND_PRICE_SCALE), FUND_PRICE_SCALE)),
      tedPaySayisi: shares,
      kisiSayisi: 20_000 + 137 * code.charCodeAt(1) * code.charCodeAt(2),
      portfoyBuyukluk: Math.round(price * shares * 100) / 100,
      borsaBultenFiyat: null,
    })
  })
  return rows
}

/**
 * The funds a stand-in of TEFAS answers for: the ones described in instrument-series.ts, those
 * it was started with, and every other code a fund's history was asked for since it started
 * (the every-fund list cannot hold all 46,656 possible codes).
 */
export class TefasFunds {
  private readonly asked: Set<string>

  constructor(funds: Iterable<string> = []) {
    this.asked = new Set(funds)
  }

  /**
   * `POST /api/funds/fonFiyatBilgiGetir` `{fonKodu, dil, periyod}`: one fund's prices over the
   * last `periyod` months (the year the stand-in has at most), oldest first; any three-character
   * code is a fund. "Veri bulunamadı." for anything else, "Sistem Hatası!!" for a bad period.
   */
  history(body: Row | null, today: string): string {
    if (body === null || !HISTORY_PERIODS.includes(Number(body.periyod))) return SYSTEM_ERROR
    const code = body.fonKodu
    if (typeof code !== 'string' || !FUND_CODE.test(code)) return NOTHING_FOUND
    this.asked.add(code)
    const rows = rowsOf(code, monthsBack(today, Number(body.periyod)), today, today).map(
      ({ fonKodu, fonUnvan, tarih, fiyat }) => ({
        fonKodu,
        fonUnvan,
        tarih,
        fiyat,
        kategoriDerece: 12,
        kategoriFonSay: 85,
      }),
    )
    return rows.length === 0 ? NOTHING_FOUND : envelope(rows)
  }

  /**
   * `POST /api/funds/fonGnlBlgSiraliGetir`: every fund of `fonTipi` (`YAT`, `EMK`), or the one
   * `fonKodu` names, each weekday from `basTarih` to `bitTarih` (`YYYYMMDD`, a month at most),
   * numbered `rn` and cut to `basSira`..`bitSira`, as TEFAS answers it.
   */
  list(body: Row | null, today: string): string {
    if (body === null || LIST_KEYS.some((key) => !(key in body))) return SYSTEM_ERROR
    const from = isoOf(body.basTarih)
    const to = isoOf(body.bitTarih)
    if (from === null || to === null) return SYSTEM_ERROR
    if (to > monthsBack(from, -1)) return envelope(null, 'Tarih aralığı 1 ayı aşamaz.')
    const codes =
      typeof body.fonKodu === 'string' ? [body.fonKodu] : [...KNOWN_FUND_CODES, ...this.asked]
    const rows = [...new Set(codes)]
      .filter((code) => FUND_CODE.test(code) && fundOf(code).kind === body.fonTipi)
      .flatMap((code) => rowsOf(code, from, to, today))
      .sort((a, b) => String(a.tarih).localeCompare(String(b.tarih)))
      .map((row, index) => ({ ...row, rn: index + 1 }))
      .slice(Number(body.basSira) - 1, Number(body.bitSira))
    return envelope(rows)
  }
}
