import type { ImportEncoding } from '../api/schemas/import'

/**
 * Bytes → text in one of the encodings the import takes. UTF-8 when the bytes are valid UTF-8 (or
 * say so by a byte order mark); otherwise Windows-1254 or Windows-1252, whichever the letters
 * point to. A chosen encoding is obeyed; bytes it cannot hold are refused.
 */
export type DecodeResult = { ok: true; text: string; encoding: ImportEncoding } | { ok: false }

const UTF8_BOM = [0xef, 0xbb, 0xbf]

/**
 * Bytes that are Turkish letters in Windows-1254 but Icelandic ones in Windows-1252
 * (Ğ İ Ş ğ ı ş against Ð Ý Þ ð ý þ): any of them makes a file Turkish.
 */
const TURKISH_ONLY = new Set([0xd0, 0xdd, 0xde, 0xf0, 0xfd, 0xfe])
/** ä Ä ß: German, never Turkish. */
const GERMAN_ONLY = new Set([0xe4, 0xc4, 0xdf])
/** ç Ç: Turkish (French too, but a Western file without ä or ß reads the same in either). */
const TURKISH_LIKELY = new Set([0xe7, 0xc7])

/**
 * C1 control characters: what a single-byte encoding yields for bytes it does not define. (The
 * Encoding Standard decodes ISO-8859-9 as Windows-1254, so only 1254's gaps show for either.)
 */
const C1_CONTROL = /[\u0080-\u009f]/

function hasUtf8Bom(bytes: Uint8Array): boolean {
  return UTF8_BOM.every((byte, index) => bytes[index] === byte)
}

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    // The decoder drops a leading BOM itself.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

function decodeSingleByte(bytes: Uint8Array, encoding: Exclude<ImportEncoding, 'utf-8'>) {
  const text = new TextDecoder(encoding).decode(bytes)
  return C1_CONTROL.test(text) ? null : text
}

/** Windows-1254 or Windows-1252 for bytes that are not UTF-8, by the letters they would spell. */
export function guessSingleByteEncoding(bytes: Uint8Array): 'windows-1254' | 'windows-1252' {
  let turkish = 0
  let german = 0
  for (const byte of bytes) {
    if (byte < 0x80) continue
    if (TURKISH_ONLY.has(byte)) turkish += 2
    else if (TURKISH_LIKELY.has(byte)) turkish += 1
    else if (GERMAN_ONLY.has(byte)) german += 2
  }
  return turkish > german ? 'windows-1254' : 'windows-1252'
}

export function decodeText(bytes: Uint8Array, chosen: ImportEncoding | 'auto'): DecodeResult {
  const utf8 = (text: string | null): DecodeResult =>
    text === null ? { ok: false } : { ok: true, text, encoding: 'utf-8' }
  if (chosen === 'utf-8' || hasUtf8Bom(bytes)) {
    // A UTF-8 byte order mark under a chosen single-byte encoding is a wrong choice, not text.
    return chosen === 'utf-8' || chosen === 'auto' ? utf8(decodeUtf8(bytes)) : { ok: false }
  }
  if (chosen === 'auto') {
    const text = decodeUtf8(bytes)
    if (text !== null) return utf8(text)
  }
  const encoding = chosen === 'auto' ? guessSingleByteEncoding(bytes) : chosen
  const text = decodeSingleByte(bytes, encoding)
  return text === null ? { ok: false } : { ok: true, text, encoding }
}

/** UTF-16 (Excel's "Unicode text"): a byte order mark of either order. */
export function hasUtf16Bom(bytes: Uint8Array): boolean {
  const [first, second] = bytes
  return (first === 0xff && second === 0xfe) || (first === 0xfe && second === 0xff)
}
