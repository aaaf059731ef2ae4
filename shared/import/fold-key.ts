/**
 * A header or a word as a key that matches however it is written: case (Turkish `İ`/`ı` and
 * plain), accents (`Alis` = `Alış`, `Gebuhren` = `Gebühren`), `ß` = `ss`, and spacing or
 * punctuation between words (`Ticker-Symbol` = `ticker symbol`, `TRANSFER_IN` = `transfer in`).
 *
 * @example foldKey('İŞLEM Türü') === foldKey('islem turu') // true
 */
export function foldKey(text: string): string {
  return (
    text
      // `İ` lower-cases to `i` in Turkish and to `i̇` elsewhere; `I` to `ı` in Turkish and `i`
      // elsewhere. Both Turkish forms and the plain one meet once the dots go.
      .toLocaleLowerCase('tr')
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/ı/g, 'i')
      .toLowerCase()
      .replace(/ß/g, 'ss')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  )
}
