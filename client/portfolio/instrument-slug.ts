// Letters NFD cannot take apart into a base letter and a mark: Turkish dotless ı, German ß.
const SPECIAL_LETTERS: Record<string, string> = { ı: 'i', İ: 'i', ß: 'ss', ẞ: 'ss' }

/**
 * The URL slug of an instrument's name (the transaction screen's `{name}`): lower-case ASCII
 * letters and digits joined by single hyphens. Turkish and German letters become their base
 * letter (ı→i, ş→s, ğ→g, ü→u, ö→o, ç→c, ß→ss); anything else that is not a letter or digit
 * separates words. Empty when the name has no letter or digit at all.
 *
 * @example instrumentSlug('Türk Hava Yolları') // 'turk-hava-yollari'
 */
export function instrumentSlug(name: string): string {
  return name
    .replace(/[ıİßẞ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
