import type { Page } from 'playwright-core'

/** Lossy WebP at this quality keeps a screen's text sharp at a fraction of the PNG's bytes. */
const QUALITY = 0.86

/**
 * Scales a PNG to `width` × `height` and encodes it as WebP with Chromium's own encoder (libwebp),
 * in `page`, a blank page of the browser that took the screenshot: no image library to install.
 */
export async function pngToWebp(
  page: Page,
  png: Buffer,
  width: number,
  height: number,
): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ png, width, height, quality }) => {
      const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0))
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }), {
        resizeWidth: width,
        resizeHeight: height,
        resizeQuality: 'high',
      })
      const canvas = new OffscreenCanvas(width, height)
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0)
      const blob = await canvas.convertToBlob({ type: 'image/webp', quality })
      if (blob.type !== 'image/webp')
        throw new Error(`This Chromium encodes ${blob.type}, not WebP`)
      const out = new Uint8Array(await blob.arrayBuffer())
      let binary = ''
      for (let i = 0; i < out.length; i += 0x8000) {
        binary += String.fromCharCode(...out.subarray(i, i + 0x8000))
      }
      return btoa(binary)
    },
    { png: png.toString('base64'), width, height, quality: QUALITY },
  )
  return Buffer.from(base64, 'base64')
}
