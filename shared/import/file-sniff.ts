/**
 * What a file's bytes are before they are read as text: an archive or compressed stream (refused,
 * never unpacked, so a zip bomb named `.csv` costs nothing) or binary data (refused).
 */

/** Leading bytes of the archive and compression formats people send by mistake. */
const COMPRESSED_MAGIC: readonly (readonly number[])[] = [
  [0x50, 0x4b, 0x03, 0x04], // zip (also xlsx, ods)
  [0x50, 0x4b, 0x05, 0x06], // empty zip
  [0x50, 0x4b, 0x07, 0x08], // spanned zip
  [0x1f, 0x8b], // gzip
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], // rar
  [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], // xz
  [0x28, 0xb5, 0x2f, 0xfd], // zstd
]

/** bzip2: `BZh`, a block size digit, then the block magic (so a CSV starting "BZh1" is still text). */
const BZIP2_BLOCK = [0x31, 0x41, 0x59, 0x26, 0x53, 0x59]

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  return magic.every((byte, index) => bytes[at + index] === byte)
}

export function isCompressed(bytes: Uint8Array): boolean {
  if (COMPRESSED_MAGIC.some((magic) => startsWith(bytes, magic))) return true
  const blockSize = bytes[3] ?? 0
  return (
    startsWith(bytes, [0x42, 0x5a, 0x68]) &&
    blockSize >= 0x31 &&
    blockSize <= 0x39 &&
    startsWith(bytes, BZIP2_BLOCK, 4)
  )
}

/**
 * More control characters than this share of the bytes is not a text file. Text in any of the
 * accepted encodings has none but tab, line feed and carriage return (and the odd form feed).
 */
const MAX_CONTROL_SHARE = 0.01

/** NUL bytes (never in UTF-8 or single-byte text) or many control characters. */
export function isBinary(bytes: Uint8Array): boolean {
  let controls = 0
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index] as number
    if (byte === 0) return true
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) || byte === 0x7f) {
      controls += 1
    }
  }
  return controls > bytes.length * MAX_CONTROL_SHARE
}
