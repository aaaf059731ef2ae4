import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LOCALE_CODES } from '../../shared/i18n/locales'
import {
  LANDING_FORMS,
  LANDING_SHOTS,
  LANDING_THEMES,
  landingImageHeight,
  landingImagePath,
  type LandingForm,
} from './landing-images'

/** A WebP's canvas size, from its first chunk: lossy (`VP8 `) or extended (`VP8X`). */
function webpSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.toString('ascii', 0, 4) + bytes.toString('ascii', 8, 12)).toBe('RIFFWEBP')
  const chunk = bytes.toString('ascii', 12, 16)
  if (chunk === 'VP8X') {
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 }
  }
  if (chunk === 'VP8 ') {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff }
  }
  throw new Error(`Unexpected WebP chunk ${chunk}`)
}

describe('the landing images', () => {
  // `npm run images` renders them; the page's width and height attributes come from the list.
  it('exist for every shot, form, language, theme and width, at the size the page says', () => {
    for (const shot of LANDING_SHOTS) {
      for (const form of Object.keys(LANDING_FORMS) as LandingForm[]) {
        for (const locale of LOCALE_CODES) {
          for (const theme of LANDING_THEMES) {
            for (const width of LANDING_FORMS[form].widths) {
              const path = landingImagePath({ shot, form, locale, theme }, width)
              const size = webpSize(readFileSync(`public${path}`))
              expect(size, path).toEqual({ width, height: landingImageHeight(form, width) })
            }
          }
        }
      }
    }
  })
})
