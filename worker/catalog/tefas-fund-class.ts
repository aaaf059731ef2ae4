import type { TefasFundClass } from '../../shared/portfolio/portfolio-kinds'
import { foldTurkish } from './fund-type-of'

// A TEFAS fund's class for its stopaj (docs/tax-turkey.md rule 3) from what TEFAS says of it: its
// umbrella fund type (`fonTurAciklama`, `Değişken Şemsiye Fonu`) and its title (`fonUnvan`). The
// law sorts funds by these very words: equity-intensive funds carry "hisse senedi yoğun fon" in
// their title (SPK III-52.1), and the decisions name the excluded group by type and by "döviz" in
// the title. Words this page does not know leave the class null (not known), never guessed.

/** One class and the words that make it, as folded text (`foldTurkish`) matches them. */
type ClassRule = readonly [TefasFundClass, RegExp]

/**
 * The rules in the order they are tried: the first that matches decides. A rule whose rate is
 * lower or special comes before one whose words a title may also hold: "hisse senedi yoğun" makes
 * 0 % even in a hedge fund's title (`… HİSSE SENEDİ SERBEST FON (HİSSE SENEDİ YOĞUN FON)`); the
 * excluded group, the umbrella types first, before the other funds, so that a eurobond debt fund
 * is a eurobond fund and a gold fund in dollars (`… (DÖVİZ)`) an FX fund.
 */
const CLASS_RULES: readonly ClassRule[] = [
  ['equityIntensive', /\bhisse (senedi )?yogun\b/],
  ['gsyf', /\bgirisim sermayesi yatirim fonu\b/],
  ['gyf', /\bgayrimenkul yatirim fonu\b/],
  // The excluded group (CK 3321, 8434, 8775): hedge, variable and mixed funds by their umbrella
  // type or title, then eurobond, external-debt, foreign and "döviz" funds by their title.
  ['hedge', /\bserbest\b/],
  ['variable', /\bdegisken\b/],
  ['mixed', /\bkarma\b/],
  ['eurobond', /\beurobond\b/],
  ['externalDebt', /\bdis borclanma araclari\b/],
  ['foreign', /\byabanci\b/],
  ['fx', /\bdoviz\b/],
  // Other funds, each by its umbrella type or title; a gold or money-market participation fund is
  // a gold or money-market fund.
  ['moneyMarket', /\b(para piyasasi|likit)\b/],
  ['gold', /\b(altin|gumus|kiymetli madenler?)\b/],
  ['participation', /\bkatilim\b/],
  ['debt', /\b(borclanma araclari|kira sertifikalari|tahvil|bono)\b/],
  // Umbrella types of no group of their own: a fund of funds, a share fund whose title does not
  // say equity-intensive, capital-protected and guaranteed funds.
  ['other', /\b(fon sepeti|hisse senedi|koruma amacli|garantili)\b/],
]

/**
 * A TEFAS investment fund's class for its stopaj from its umbrella type (`fonTurAciklama`) and
 * its whole title (`fonUnvan`), or null when neither has words that settle it.
 *
 * @example tefasFundClass('Hisse Senedi Şemsiye Fonu', 'İŞ PORTFÖY BIST TEKNOLOJİ AĞIRLIK SINIRLAMALI ENDEKSİ HİSSE SENEDİ FONU (HİSSE SENEDİ YOĞUN FON)') // 'equityIntensive'
 * @example tefasFundClass('Hisse Senedi Şemsiye Fonu', 'AK PORTFÖY AMERİKA YABANCI HİSSE SENEDİ FONU') // 'foreign'
 */
export function tefasFundClass(category: string | null, title: string): TefasFundClass | null {
  const words = foldTurkish(`${category ?? ''} ${title}`)
  return CLASS_RULES.find(([, pattern]) => pattern.test(words))?.[0] ?? null
}
