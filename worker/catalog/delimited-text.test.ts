import { describe, expect, it } from 'vitest'
import { delimitedRows, recordOf } from './delimited-text'

describe('delimitedRows', () => {
  it('drops the byte order mark and empty lines, and reads quoted fields whole', () => {
    const text = '\uFEFFa;b\r\n\r\n"x;1";"say ""hi""\nthere"\nlast;'
    expect([...delimitedRows(text, ';')]).toEqual([
      ['a', 'b'],
      ['x;1', 'say "hi"\nthere'],
      ['last', ''],
    ])
  })

  it('reads records by a header, leaving out rows shorter than it', () => {
    expect(recordOf(['A', 'B'], ['1', '2', '3'])).toEqual({ A: '1', B: '2' })
    expect(recordOf(['A', 'B'], ['1'])).toBeNull()
  })
})
