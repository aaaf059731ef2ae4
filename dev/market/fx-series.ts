import { RATE_SCALE } from '../demo/demo-market'
import {
  demoSeries,
  historyDates,
  lastWeekdayOnOrBefore,
  walkSeries,
  type DailySeries,
} from './market-series'

/**
 * The reference rates of the year up to today, for every weekday: the ECB's (units per euro) and
 * the TCMB's (lira per unit). EUR→USD and the lira rates the demo account uses come from
 * demo/demo-market.ts, so they match the rates `npm run dev` wrote for it; every other currency
 * walks (seeded) around a level near its real one.
 */

/** The ECB's currencies in the order it lists them, and units of each per euro (USD, TRY: the demo's). */
export const ECB_CURRENCIES: readonly { code: string; perEuro: number }[] = [
  { code: 'USD', perEuro: 0 },
  { code: 'JPY', perEuro: 171.2 },
  { code: 'BGN', perEuro: 1.9558 },
  { code: 'CZK', perEuro: 24.52 },
  { code: 'DKK', perEuro: 7.4612 },
  { code: 'GBP', perEuro: 0.8642 },
  { code: 'HUF', perEuro: 391.4 },
  { code: 'PLN', perEuro: 4.2511 },
  { code: 'RON', perEuro: 5.0814 },
  { code: 'SEK', perEuro: 10.982 },
  { code: 'CHF', perEuro: 0.9352 },
  { code: 'ISK', perEuro: 143.1 },
  { code: 'NOK', perEuro: 11.716 },
  { code: 'TRY', perEuro: 0 },
  { code: 'AUD', perEuro: 1.7812 },
  { code: 'BRL', perEuro: 6.3015 },
  { code: 'CAD', perEuro: 1.6118 },
  { code: 'CNY', perEuro: 8.3126 },
  { code: 'HKD', perEuro: 9.0571 },
  { code: 'IDR', perEuro: 18995.4 },
  { code: 'ILS', perEuro: 3.9106 },
  { code: 'INR', perEuro: 100.12 },
  { code: 'KRW', perEuro: 1621.5 },
  { code: 'MXN', perEuro: 21.482 },
  { code: 'MYR', perEuro: 4.9012 },
  { code: 'NZD', perEuro: 1.9815 },
  { code: 'PHP', perEuro: 66.12 },
  { code: 'SGD', perEuro: 1.4986 },
  { code: 'THB', perEuro: 37.812 },
  { code: 'ZAR', perEuro: 20.514 },
]

/**
 * A currency of the TCMB's bulletin, in its order (the real bulletin's 22 and the SDR);
 * `perUsd` for those the ECB does not publish.
 */
export interface TcmbCurrency {
  code: string
  unit: number
  isim: string
  name: string
  /** Whether the bulletin has banknote rates for it. */
  banknotes: boolean
  /** The cross rate it carries: units per dollar (`usd`), dollars per unit (`other`), or none. */
  cross: 'usd' | 'other' | null
  perUsd?: number
}

export const TCMB_CURRENCIES: readonly TcmbCurrency[] = [
  { code: 'USD', unit: 1, isim: 'ABD DOLARI', name: 'US DOLLAR', banknotes: true, cross: null },
  {
    code: 'AUD',
    unit: 1,
    isim: 'AVUSTRALYA DOLARI',
    name: 'AUSTRALIAN DOLLAR',
    banknotes: true,
    cross: 'usd',
  },
  {
    code: 'DKK',
    unit: 1,
    isim: 'DANİMARKA KRONU',
    name: 'DANISH KRONE',
    banknotes: true,
    cross: 'usd',
  },
  { code: 'EUR', unit: 1, isim: 'EURO', name: 'EURO', banknotes: true, cross: 'other' },
  {
    code: 'GBP',
    unit: 1,
    isim: 'İNGİLİZ STERLİNİ',
    name: 'POUND STERLING',
    banknotes: true,
    cross: 'other',
  },
  {
    code: 'CHF',
    unit: 1,
    isim: 'İSVİÇRE FRANGI',
    name: 'SWISS FRANK',
    banknotes: true,
    cross: 'usd',
  },
  {
    code: 'SEK',
    unit: 1,
    isim: 'İSVEÇ KRONU',
    name: 'SWEDISH KRONA',
    banknotes: true,
    cross: 'usd',
  },
  {
    code: 'CAD',
    unit: 1,
    isim: 'KANADA DOLARI',
    name: 'CANADIAN DOLLAR',
    banknotes: true,
    cross: 'usd',
  },
  {
    code: 'KWD',
    unit: 1,
    isim: 'KUVEYT DİNARI',
    name: 'KUWAITI DINAR',
    banknotes: true,
    cross: 'usd',
    perUsd: 0.3058,
  },
  {
    code: 'NOK',
    unit: 1,
    isim: 'NORVEÇ KRONU',
    name: 'NORWEGIAN KRONE',
    banknotes: true,
    cross: 'usd',
  },
  {
    code: 'SAR',
    unit: 1,
    isim: 'SUUDİ ARABİSTAN RİYALİ',
    name: 'SAUDI RIYAL',
    banknotes: true,
    cross: 'usd',
    perUsd: 3.7502,
  },
  {
    code: 'JPY',
    unit: 100,
    isim: 'JAPON YENİ',
    name: 'JAPENESE YEN',
    banknotes: true,
    cross: 'usd',
  },
  {
    code: 'BGN',
    unit: 1,
    isim: 'BULGAR LEVASI',
    name: 'BULGARIAN LEV',
    banknotes: false,
    cross: 'usd',
  },
  { code: 'RON', unit: 1, isim: 'RUMEN LEYİ', name: 'NEW LEU', banknotes: false, cross: 'usd' },
  {
    code: 'RUB',
    unit: 1,
    isim: 'RUS RUBLESİ',
    name: 'RUSSIAN ROUBLE',
    banknotes: false,
    cross: 'usd',
    perUsd: 81.6,
  },
  {
    code: 'IRR',
    unit: 100,
    isim: 'İRAN RİYALİ',
    name: 'IRANIAN RIAL',
    banknotes: false,
    cross: 'usd',
    perUsd: 1_050_000,
  },
  {
    code: 'CNY',
    unit: 1,
    isim: 'ÇİN YUANI',
    name: 'CHINESE RENMINBI',
    banknotes: false,
    cross: 'usd',
  },
  {
    code: 'PKR',
    unit: 1,
    isim: 'PAKİSTAN RUPİSİ',
    name: 'PAKISTANI RUPEE',
    banknotes: false,
    cross: 'usd',
    perUsd: 281.2,
  },
  {
    code: 'QAR',
    unit: 1,
    isim: 'KATAR RİYALİ',
    name: 'QATARI RIAL',
    banknotes: false,
    cross: 'usd',
    perUsd: 3.641,
  },
  {
    code: 'KRW',
    unit: 1,
    isim: 'GÜNEY KORE WONU',
    name: 'SOUTH KOREAN WON',
    banknotes: false,
    cross: 'usd',
  },
  {
    code: 'AZN',
    unit: 1,
    isim: 'AZERBAYCAN YENİ MANATI',
    name: 'AZERBAIJANI NEW MANAT',
    banknotes: false,
    cross: 'usd',
    perUsd: 1.7,
  },
  {
    code: 'AED',
    unit: 1,
    isim: 'BİRLEŞİK ARAP EMİRLİKLERİ DİRHEMİ',
    name: 'UNITED ARAB EMIRATES DIRHAM',
    banknotes: false,
    cross: 'usd',
    perUsd: 3.6725,
  },
  {
    code: 'XDR',
    unit: 1,
    isim: 'ÖZEL ÇEKME HAKKI (SDR) ',
    name: 'SPECIAL DRAWING RIGHT (SDR) ',
    banknotes: false,
    cross: null,
    perUsd: 0.7312,
  },
]

/** A currency's own wander around its level: a few per cent over the year. */
const CURRENCY_SWING = { swing: 0.03, jitter: 0.002 }
/** Pegged currencies (the lev and the krone to the euro, the Gulf's and the manat to the dollar) barely move. */
const PEGGED = new Set(['BGN', 'DKK', 'SAR', 'QAR', 'AED', 'AZN'])

/** The rates of the weekdays of the year up to `today` (a weekend's or an earlier day's: none). */
export class FxSeries {
  readonly dates: readonly string[]
  private readonly index: Map<string, number>
  private readonly perEuro = new Map<string, readonly number[]>()
  private readonly perUsd = new Map<string, readonly number[]>()
  private readonly tcmbUsd: DailySeries
  private readonly tcmbEur: DailySeries

  constructor(readonly today: string) {
    this.dates = historyDates(today, 'weekdays')
    this.index = new Map(this.dates.map((date, position) => [date, position]))
    const demo = (base: string, quote: string, source: 'ECB' | 'TCMB') =>
      demoSeries(today, (market) => market.ratesOf({ source, base, quote }), RATE_SCALE)
    for (const { code, perEuro } of ECB_CURRENCIES) {
      const levels =
        code === 'USD' || code === 'TRY'
          ? demo('EUR', code, 'ECB').levels
          : this.walk(`ECB EUR/${code}`, perEuro, PEGGED.has(code))
      this.perEuro.set(code, levels)
    }
    for (const { code, perUsd } of TCMB_CURRENCIES) {
      if (perUsd !== undefined)
        this.perUsd.set(code, this.walk(`USD/${code}`, perUsd, PEGGED.has(code)))
    }
    this.tcmbUsd = demo('USD', 'TRY', 'TCMB')
    this.tcmbEur = demo('EUR', 'TRY', 'TCMB')
  }

  private walk(seed: string, level: number, pegged: boolean): readonly number[] {
    const shape = pegged
      ? { start: level, end: level, swing: 0.0005, jitter: 0.0001 }
      : { start: level, end: level, ...CURRENCY_SWING }
    return walkSeries(`fx ${seed}`, shape, this.dates).levels
  }

  /** Whether `date` is one of the series' weekdays. */
  has(date: string): boolean {
    return this.index.has(date)
  }

  /** The ECB's units of `code` per euro on a weekday of the series. */
  ecbRate(code: string, date: string): number {
    return this.at(this.perEuro.get(code), date, `EUR/${code}`)
  }

  /**
   * The TCMB's forex buying rate, lira per unit of `code` (per 1, not per its bulletin unit) on
   * a weekday of the series: USD and EUR the demo's, others crossed through the ECB's euro rates.
   */
  tcmbRate(code: string, date: string): number {
    if (code === 'USD') return this.at(this.tcmbUsd.levels, date, 'TCMB USD/TRY')
    if (code === 'EUR') return this.at(this.tcmbEur.levels, date, 'TCMB EUR/TRY')
    return this.tcmbRate('USD', date) / this.unitsPerUsd(code, date)
  }

  /** Units of `code` per US dollar on a weekday of the series; NaN for an unknown currency. */
  unitsPerUsd(code: string, date: string): number {
    if (code === 'USD') return 1
    const own = this.perUsd.get(code)
    if (own) return this.at(own, date, `USD/${code}`)
    if (!this.perEuro.has(code) && code !== 'EUR') return Number.NaN
    const euroUsd = this.ecbRate('USD', date)
    return code === 'EUR' ? 1 / euroUsd : this.ecbRate(code, date) / euroUsd
  }

  /**
   * Units of `code` per dollar on any day of the year (a weekend takes the Friday's rate, as
   * markets that never close convert at the last fixing), or null for a currency not known here.
   * The lira goes by the TCMB's rate, as the app converts it.
   */
  unitsPerUsdOn(code: string, date: string): number | null {
    let weekday = lastWeekdayOnOrBefore(date)
    if (!this.has(weekday)) weekday = this.dates[0] ?? this.today
    const value = code === 'TRY' ? this.tcmbRate('USD', weekday) : this.unitsPerUsd(code, weekday)
    return Number.isFinite(value) ? value : null
  }

  private at(levels: readonly number[] | undefined, date: string, name: string): number {
    const position = this.index.get(date)
    const value = position === undefined ? undefined : levels?.[position]
    if (value === undefined) throw new Error(`No ${name} rate on ${date}`)
    return value
  }
}

let cached: FxSeries | undefined
/** The rates of the year up to `today`, kept for the last day asked. */
export function fxSeriesOf(today: string): FxSeries {
  if (cached?.today !== today) cached = new FxSeries(today)
  return cached
}
