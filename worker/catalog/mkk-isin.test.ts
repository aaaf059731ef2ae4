import { describe, expect, it } from 'vitest'
import astor from '../../tests/catalog-fixtures/mkk/isinListele/ASTR.json?raw'
import issuerList from '../../tests/catalog-fixtures/mkk/isinSirketListe.json?raw'
import { issuerCandidates, parseMkkIssuers, parseMkkShareIsin } from './mkk-isin'

describe("MKK's ISIN portal", () => {
  const issuers = parseMkkIssuers(issuerList)

  it('reads the issuers without the code before their names', () => {
    expect(issuers).toContainEqual({ code: 'THYA', name: 'TÜRK HAVA YOLLARI A.O.' })
  })

  it('tries the issuer of the same first four letters, then those of the most name words', () => {
    expect(issuerCandidates('THYAO', 'TÜRK HAVA YOLLARI', issuers)[0]?.code).toBe('THYA')
    expect(issuerCandidates('ASTOR', 'ASTOR ENERJİ', issuers).map((issuer) => issuer.code)).toEqual(
      ['ASTR'],
    )
    expect(issuerCandidates('KONTR', 'KONTROLMATİK TEKNOLOJİ', issuers)).toEqual([])
  })

  it("finds the share's ISIN among its issuer's securities, not a bond's", () => {
    expect(parseMkkShareIsin(astor, 'ASTOR')).toBe('TREASTR00013')
    expect(parseMkkShareIsin(astor, 'ASTRX')).toBeNull()
  })
})
