import { describe, expect, it } from 'vitest'
import { IMPORT_LIMITS } from '../api/schemas/import'
import type { ImportReadOptions } from '../api/schemas/import'
import { fixture } from './import-fixture'
import { readImportTable } from './read-table'

const AUTO = { encoding: 'auto', separator: 'auto' } as const
const utf8 = (text: string) => new TextEncoder().encode(text)

function read(
  bytes: Uint8Array,
  options: Partial<Pick<ImportReadOptions, 'encoding' | 'separator'>> = {},
) {
  return readImportTable(bytes, { ...AUTO, ...options })
}

function table(
  bytes: Uint8Array,
  options: Partial<Pick<ImportReadOptions, 'encoding' | 'separator'>> = {},
) {
  const result = read(bytes, options)
  if (!result.ok) throw new Error(`expected a table, got ${result.problem}`)
  return result.table
}

async function compress(
  bytes: Uint8Array<ArrayBuffer>,
  format: CompressionFormat,
): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream(format))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

const CRC_TABLE = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte
  for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  return crc >>> 0
})

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (let index = 0; index < bytes.length; index += 1) {
    crc = (crc >>> 8) ^ (CRC_TABLE[(crc ^ (bytes[index] as number)) & 0xff] as number)
  }
  return (crc ^ 0xffffffff) >>> 0
}

/** A real zip archive holding `data.csv`: `size` zero bytes, deflated to a few kilobytes. */
async function zipOfZeros(size: number): Promise<Uint8Array<ArrayBuffer>> {
  const content = new Uint8Array(size)
  const deflated = await compress(content, 'deflate-raw')
  const checksum = crc32(content)
  const name = new Uint8Array(utf8('data.csv'))
  const local = new DataView(new ArrayBuffer(30))
  local.setUint32(0, 0x04034b50, true)
  local.setUint16(4, 20, true)
  local.setUint16(8, 8, true)
  local.setUint32(14, checksum, true)
  local.setUint32(18, deflated.length, true)
  local.setUint32(22, size, true)
  local.setUint16(26, name.length, true)
  const central = new DataView(new ArrayBuffer(46))
  central.setUint32(0, 0x02014b50, true)
  central.setUint16(4, 20, true)
  central.setUint16(6, 20, true)
  central.setUint16(10, 8, true)
  central.setUint32(16, checksum, true)
  central.setUint32(20, deflated.length, true)
  central.setUint32(24, size, true)
  central.setUint16(28, name.length, true)
  const end = new DataView(new ArrayBuffer(22))
  end.setUint32(0, 0x06054b50, true)
  end.setUint16(8, 1, true)
  end.setUint16(10, 1, true)
  end.setUint32(12, 46 + name.length, true)
  end.setUint32(16, 30 + name.length + deflated.length, true)
  return new Uint8Array(await new Blob([local, name, deflated, central, name, end]).arrayBuffer())
}

describe('readImportTable: files refused before parsing', () => {
  it('refuses an empty file, one with only a byte order mark and one with only blank lines', () => {
    expect(read(new Uint8Array())).toEqual({ ok: false, problem: 'file_empty' })
    expect(read(Uint8Array.from([0xef, 0xbb, 0xbf]))).toEqual({ ok: false, problem: 'file_empty' })
    expect(read(utf8('\r\n \r\n\n'))).toEqual({ ok: false, problem: 'file_empty' })
  })

  it('refuses a file with only a header, also when blank lines follow it', () => {
    expect(read(utf8('Date;Type;Code'))).toEqual({ ok: false, problem: 'file_header_only' })
    expect(read(utf8('Date;Type;Code\r\n\r\n;;\r\n'))).toEqual({
      ok: false,
      problem: 'file_header_only',
    })
    expect(read(utf8('{"meta":{},"activities":[]}'))).toEqual({
      ok: false,
      problem: 'file_header_only',
    })
  })

  it('refuses a file over 5 MB without reading it', () => {
    const bytes = new Uint8Array(IMPORT_LIMITS.bytes + 1).fill(0x41)
    expect(read(bytes)).toEqual({ ok: false, problem: 'file_too_large' })
  })

  it('refuses more data rows than the limit quickly, and takes exactly the limit', () => {
    const header = 'Date,Type,Code\n'
    const line = '2024-01-02,BUY,AAPL\n'
    const started = performance.now()
    const tooMany = read(utf8(header + line.repeat(IMPORT_LIMITS.rows + 1)))
    expect(tooMany).toEqual({ ok: false, problem: 'file_too_many_rows' })
    const hundredThousand = read(utf8('A\n' + '1\n'.repeat(100_000)))
    expect(hundredThousand).toEqual({ ok: false, problem: 'file_too_many_rows' })
    expect(performance.now() - started).toBeLessThan(3000)
    expect(table(utf8(header + line.repeat(IMPORT_LIMITS.rows) + '\n\n')).rows).toHaveLength(
      IMPORT_LIMITS.rows,
    )
  })

  it('refuses a zip bomb named .csv without unpacking it', async () => {
    const bomb = await zipOfZeros(20 * 1024 * 1024)
    expect(bomb.length).toBeLessThan(100_000)
    expect(read(bomb)).toEqual({ ok: false, problem: 'file_compressed' })
  })

  it('refuses gzip, 7z, rar, xz and bzip2 data', async () => {
    const gzip = await compress(utf8('Date,Type\n2024-01-01,BUY\n'), 'gzip')
    expect(read(gzip)).toEqual({ ok: false, problem: 'file_compressed' })
    for (const magic of [
      [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0x00, 0x04],
      [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00],
      [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x00, 0x04],
      [0x42, 0x5a, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59, 0x00],
    ]) {
      expect(read(Uint8Array.from([...magic, 0x41, 0x42]))).toEqual({
        ok: false,
        problem: 'file_compressed',
      })
    }
    // Text that merely starts like bzip2 is still text.
    expect(table(utf8('BZh9,Type\n1,BUY\n')).headers).toEqual(['BZh9', 'Type'])
  })

  it('refuses binary data: NUL bytes or many control characters', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])
    expect(read(png)).toEqual({ ok: false, problem: 'file_binary' })
    const controls = utf8('Date,Type\n' + '\u0001\u0002\u0003abc\n'.repeat(50))
    expect(read(controls)).toEqual({ ok: false, problem: 'file_binary' })
  })

  it('refuses UTF-16 text, which is none of the encodings it reads', () => {
    const utf16 = Uint8Array.from([0xff, 0xfe, 0x44, 0x00, 0x61, 0x00, 0x0a, 0x00, 0x31, 0x00])
    expect(read(utf16)).toEqual({ ok: false, problem: 'file_encoding' })
  })
})

describe('readImportTable: encodings', () => {
  const turkishHeaders = ['Tarih', 'İşlem', 'Kod', 'Ad', 'Adet', 'Fiyat', 'Tutar', 'Komisyon']

  it('reads a Turkish Windows-1254 file as such', () => {
    const result = table(fixture('generic-tr-windows-1254.csv'))
    expect(result.encoding).toBe('windows-1254')
    expect(result.headers.slice(0, 8)).toEqual(turkishHeaders)
    expect(result.rows[0]?.[3]).toBe('Türk Hava Yolları')
    expect(result.rows[3]?.[11]).toBe('Maaş')
  })

  it('reads an ISO-8859-9 file the same, detected as its superset or chosen', () => {
    const bytes = fixture('generic-tr-iso-8859-9.csv')
    const detected = table(bytes)
    expect(detected.encoding).toBe('windows-1254')
    const chosen = table(bytes, { encoding: 'iso-8859-9' })
    expect(chosen.encoding).toBe('iso-8859-9')
    expect(chosen.rows).toEqual(detected.rows)
    expect(chosen.rows[1]?.[11]).toBe('Kâr realizasyonu')
  })

  it('reads a German Windows-1252 file as such', () => {
    const result = table(fixture('generic-de-windows-1252.csv'))
    expect(result.encoding).toBe('windows-1252')
    expect(result.headers).toContain('Kürzel')
    expect(result.rows[2]?.[10]).toBe('Ausschüttung (Jäger-Depot, Straße 1)')
  })

  it('reads UTF-8 with and without a byte order mark', () => {
    const text = 'Tarih;İşlem;Kod\n02.01.2024;Alış;THYAO\n'
    const plain = table(utf8(text))
    const withBom = table(utf8('\uFEFF' + text))
    expect(plain.encoding).toBe('utf-8')
    expect(withBom).toEqual(plain)
    expect(plain.headers).toEqual(['Tarih', 'İşlem', 'Kod'])
  })

  it('obeys a chosen encoding', () => {
    const bytes = fixture('generic-tr-windows-1254.csv')
    expect(table(bytes, { encoding: 'windows-1252' }).headers[1]).toBe('Ýþlem')
  })

  it('refuses a file not valid in the chosen encoding', () => {
    expect(read(fixture('generic-tr-windows-1254.csv'), { encoding: 'utf-8' })).toEqual({
      ok: false,
      problem: 'file_encoding',
    })
    // 0x81 is no character in ISO-8859-9 (which browsers decode as Windows-1254) nor in 1252.
    expect(read(Uint8Array.from([0x41, 0x0a, 0x81, 0x0a]), { encoding: 'iso-8859-9' })).toEqual({
      ok: false,
      problem: 'file_encoding',
    })
    expect(read(Uint8Array.from([0x41, 0x0a, 0x81, 0x0a]), { encoding: 'windows-1252' })).toEqual({
      ok: false,
      problem: 'file_encoding',
    })
    expect(read(utf8('\uFEFFDate\n1\n'), { encoding: 'windows-1254' })).toEqual({
      ok: false,
      problem: 'file_encoding',
    })
  })
})

describe('readImportTable: separators and CSV', () => {
  const rows = [
    ['Date', 'Type', 'Note'],
    ['2024-01-02', 'BUY', 'first'],
    ['2024-01-03', 'SELL', 'second'],
  ]

  it.each([',', ';', '\t'] as const)('detects %j as the separator', (separator) => {
    const result = table(utf8(rows.map((row) => row.join(separator)).join('\r\n')))
    expect(result.separator).toBe(separator)
    expect(result.headers).toEqual(rows[0])
    expect(result.rows).toEqual(rows.slice(1))
  })

  it('prefers ";" in a file with decimal commas', () => {
    const result = table(utf8('Datum;Kurs;Stück\n02.01.2024;12,5;3\n03.01.2024;13,75;1,5\n'))
    expect(result.separator).toBe(';')
    expect(result.rows[1]).toEqual(['03.01.2024', '13,75', '1,5'])
  })

  it('obeys a chosen separator', () => {
    const result = table(utf8('a;b,c\n1;2,3\n'), { separator: ',' })
    expect(result.headers).toEqual(['a;b', 'c'])
  })

  it('reads quoted cells with separators, quotes and line breaks, and LF or CRLF lines', () => {
    const text = 'Date,Note\n2024-01-02,"a, ""quoted""\r\nnote"\r\n2024-01-03,plain\n\n\n'
    expect(table(utf8(text)).rows).toEqual([
      ['2024-01-02', 'a, "quoted"\r\nnote'],
      ['2024-01-03', 'plain'],
    ])
  })

  it('keeps rows whose cell count differs from the header, for the mapping to flag', () => {
    const result = table(utf8('Date,Type,Code\n2024-01-02,BUY\n2024-01-03,BUY,A,extra\n'))
    expect(result.rows).toEqual([
      ['2024-01-02', 'BUY'],
      ['2024-01-03', 'BUY', 'A', 'extra'],
    ])
  })

  it('trims headers', () => {
    expect(table(utf8(' Date , Type \n1,2\n')).headers).toEqual(['Date', 'Type'])
  })
})

describe('readImportTable: JSON', () => {
  it("flattens Ghostfolio's export to one row per activity with exact numbers and its asset's name", () => {
    const result = table(fixture('ghostfolio-export.json'))
    expect(result.kind).toBe('json')
    expect(result.separator).toBeNull()
    expect(result.headers).toEqual([
      'accountId',
      'comment',
      'fee',
      'id',
      'quantity',
      'type',
      'unitPrice',
      'currency',
      'dataSource',
      'date',
      'symbol',
      'tags',
      'assetProfile.name',
      'assetProfile.isin',
    ])
    const column = (name: string) => result.rows.map((row) => row[result.headers.indexOf(name)])
    // A made-up asset's symbol is its id; its name comes from the export's asset profiles.
    expect(column('assetProfile.name')).toEqual([
      'Kontoführung',
      '',
      '',
      '',
      '',
      'Kontoführung',
      'Oldtimer Mercedes 280 SL',
    ])
    expect(column('quantity')).toEqual(['0', '12', '12', '2', '0.0000005', '1', '1'])
    expect(column('unitPrice')[2]).toBe('0.2573')
    expect(column('comment')[0]).toBe('')
    expect(column('tags')[1]).toBe('7a1c9e2b-3d4f-4a5b-8c6d-7e8f9a0b1c2d')
  })

  it('keeps every digit of numbers a float would change', () => {
    const json = '[{"a":0.1,"b":12345678901234567890.123456789,"c":1.5E+3,"d":-2.5e-3,"e":true}]'
    expect(table(utf8(json)).rows).toEqual([
      ['0.1', '12345678901234567890.123456789', '1500', '-0.0025', 'true'],
    ])
  })

  it('refuses JSON that does not parse, and JSON of another layout', () => {
    expect(read(utf8('{"activities": [{"a": 1},]}'))).toEqual({ ok: false, problem: 'file_json' })
    expect(read(utf8('{"activities": [{"a": 01}]}'))).toEqual({ ok: false, problem: 'file_json' })
    expect(read(utf8('[{"a": "unclosed}]'))).toEqual({ ok: false, problem: 'file_json' })
    expect(read(utf8('{"accounts": []}'))).toEqual({ ok: false, problem: 'file_unknown_layout' })
    expect(read(utf8('{"activities": [{"a": 1}, 5]}'))).toEqual({
      ok: false,
      problem: 'file_unknown_layout',
      row: 2,
    })
  })

  it('refuses more activities than the limit', () => {
    const activities = Array.from({ length: IMPORT_LIMITS.rows + 1 }, () => '{"a":1}').join(',')
    expect(read(utf8(`{"activities":[${activities}]}`))).toEqual({
      ok: false,
      problem: 'file_too_many_rows',
    })
  })
  describe('refuses hostile files quickly, before building them', () => {
    /** The problem a file gives, after checking it was found within two seconds. */
    function timedProblem(text: string) {
      const start = performance.now()
      const result = read(utf8(text))
      expect(performance.now() - start).toBeLessThan(2000)
      return result.ok ? null : result.problem
    }

    it('activities with more distinct keys than the column limit', () => {
      const activities = Array.from({ length: 10_000 }, (_, index) => `{"k${index}":"x"}`)
      expect(timedProblem(`{"activities":[${activities.join(',')}]}`)).toBe('file_too_many_columns')
    })

    it('5 MB of numbers in one list', () => {
      const text = `[${'1,'.repeat((IMPORT_LIMITS.bytes - 4) / 2)}1]`
      expect(text.length).toBeLessThanOrEqual(IMPORT_LIMITS.bytes)
      expect(timedProblem(text)).toBe('file_too_many_rows')
    })

    it('a million nested lists', () => {
      expect(timedProblem('['.repeat(1_000_000))).toBe('file_json')
    })

    it('an object with more keys than the column limit', () => {
      const keys = Array.from({ length: IMPORT_LIMITS.columns + 1 }, (_, index) => `"k${index}":1`)
      expect(timedProblem(`[{${keys.join(',')}}]`)).toBe('file_too_many_columns')
    })

    it('a CSV header of 100,000 columns', () => {
      const header = Array.from({ length: 100_000 }, (_, index) => `c${index}`).join(';')
      expect(timedProblem(`${header}\n${'1;'.repeat(99_999)}1\n`)).toBe('file_too_many_columns')
    })

    it('but reads a file of exactly the column limit', () => {
      const header = Array.from({ length: IMPORT_LIMITS.columns }, (_, index) => `c${index}`)
      expect(table(utf8(`${header.join(',')}\n${header.join(',')}`)).headers).toHaveLength(
        IMPORT_LIMITS.columns,
      )
    })
  })
})
