import type { FundType } from '../../shared/portfolio/portfolio-kinds'

// A catalog fund's type for tax (§ 20 InvStG, docs/tax-germany.md rule 8) from what its source
// says of it: TEFAS's category, or the name. Only what the words settle is classified; anything
// else is null (not known), never guessed: a wrong "equity" would exempt 30 % of income that is
// taxed in full. docs/catalog.md lists the rules.

/** Turkish text in lower-case ASCII: `HİSSE SENEDİ YOĞUN` → `hisse senedi yogun`. */
export function foldTurkish(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ı/g, 'i').toLowerCase()
}

/**
 * SPK's share funds hold at least 80 % in shares (Yatırım Fonlarına İlişkin Esaslar Tebliği
 * III-52.1, Art. 5), a "hisse senedi yoğun fon" at least 80 % in Borsa Istanbul shares.
 */
const TURKISH_EQUITY = /\bhisse senedi (semsiye fonu|fonu|yogun)\b/

/** Debt, money-market, gold and other precious-metal funds: no shares to speak of. */
const TURKISH_OTHER =
  /\b(borclanma araclari|para piyasasi|likit|kira sertifika|eurobond|tahvil|bono|altin|gumus|kiymetli madenler?|madenler)\b/

function turkishFundType(text: string): FundType | null {
  const words = foldTurkish(text)
  if (TURKISH_EQUITY.test(words)) return 'equity'
  if (TURKISH_OTHER.test(words)) return 'other'
  return null
}

/**
 * A TEFAS fund's type from its category (`fonTurAciklama`), else from its name: a share fund
 * (`Hisse Senedi Şemsiye Fonu`, or `… (HİSSE SENEDİ YOĞUN FON)` in the name) is an equity fund;
 * debt, money-market and precious-metal funds are other funds; mixed, variable, fund-of-funds,
 * participation and hedge funds (`Karma`, `Değişken`, `Fon Sepeti`, `Katılım`, `Serbest`) say
 * nothing of their share quota, and stay null unless the name settles it.
 *
 * @example tefasFundType('Katılım Şemsiye Fonu', 'ZİRAAT PORTFÖY ALTIN KATILIM FONU') // 'other'
 */
export function tefasFundType(category: string | null, name: string): FundType | null {
  return (category === null ? null : turkishFundType(category)) ?? turkishFundType(name)
}

/**
 * Words of an ETF's name that mean bonds, money-market rates or commodities (not gold or silver:
 * funds of gold miners hold shares).
 */
const OTHER_WORDS = new Set([
  'BOND',
  'BONDS',
  'BD',
  'BDS',
  'GOVT',
  'GOV',
  'GILT',
  'GILTS',
  'BUND',
  'TREASURY',
  'TREAS',
  'TRSRY',
  'TBILL',
  'CORP',
  'AGG',
  'AGGREGATE',
  'HY',
  'TIPS',
  'INFLATION',
  'INFL',
  'OVERNIGHT',
  'OVERN',
  'ESTR',
  'SOFR',
  'EONIA',
  'FRN',
  'COVERED',
  'PFANDBR',
  'PFANDBRIEFE',
  'ANLEIHEN',
  'RENTEN',
  'GELDMARKT',
  'COMMODITY',
  'COMMODITIES',
  'COMMOD',
  'ROHSTOFF',
  'ROHSTOFFE',
])

/** Phrases of an ETF's name with the same meaning. */
const OTHER_PHRASES = [' MONEY MARKET ', ' HIGH YIELD ', ' T BILL ']

/** Real estate, several asset classes: their quota of shares or property is not in the name. */
const UNKNOWN_WORDS = new Set(['REIT', 'REITS', 'EPRA', 'PROPERTY', 'IMMOBILIEN', 'LIFESTRATEGY'])
const UNKNOWN_PHRASES = [' REAL ESTATE ', ' MULTI ASSET ', ' BALANCED ', ' ALLOCATION ']

/** Words of share indexes and of equity itself. */
const EQUITY_WORDS = new Set([
  'MSCI',
  'STOXX',
  'EUROSTOXX',
  'DAX',
  'MDAX',
  'SDAX',
  'TECDAX',
  'NASDAQ',
  'NASDAQ100',
  'NIKKEI',
  'TOPIX',
  'FTSE',
  'RUSSELL',
  'S&P',
  'S+P',
  'SP500',
  'EQUITY',
  'EQUITIES',
  'AKTIEN',
  'DIVIDEND',
])

/**
 * An ETF's or fund's type from its name, as a catalog source spells it (`ISHSIII-CORE MSCI WLD
 * DLA`, `iShares Core S&P 500 UCITS ETF`): bonds, money-market rates and commodities make an
 * other fund (checked first: `MSCI` also names bond indexes); then real estate and multi-asset
 * funds, whose quota the name does not give, are not known; then a share index (MSCI, STOXX,
 * DAX, S&P, FTSE, Nasdaq, …) or the word equity makes an equity fund. Anything else: null.
 *
 * @example fundTypeOfName('ISHS-CORE S+P 500 DL D') // 'equity'
 */
export function fundTypeOfName(name: string): FundType | null {
  const words = name
    .toUpperCase()
    .split(/[^A-Z0-9&+]+/)
    .filter(Boolean)
  const spaced = ` ${words.join(' ')} `
  const has = (set: ReadonlySet<string>, phrases: readonly string[]) =>
    words.some((word) => set.has(word)) || phrases.some((phrase) => spaced.includes(phrase))
  if (has(OTHER_WORDS, OTHER_PHRASES)) return 'other'
  if (has(UNKNOWN_WORDS, UNKNOWN_PHRASES)) return null
  if (has(EQUITY_WORDS, [' DOW JONES '])) return 'equity'
  return null
}
