import { describe, expect, it } from 'vitest'
import { referrerHost, widthBucket } from './page-view'

describe('widthBucket', () => {
  it.each([
    [320, 'xs'],
    [479, 'xs'],
    [480, 's'],
    [800, 'm'],
    [1280, 'l'],
    [2560, 'xl'],
  ])('%i px is %s', (width, bucket) => {
    expect(widthBucket(width)).toBe(bucket)
  })
})

describe('referrerHost', () => {
  it('keeps only another site host', () => {
    expect(referrerHost('https://www.google.com/search?q=kiymet', 'kiymet.app')).toBe(
      'www.google.com',
    )
    expect(referrerHost('https://kiymet.app/en/pricing', 'kiymet.app')).toBeNull()
    expect(referrerHost('', 'kiymet.app')).toBeNull()
    expect(referrerHost('not a url', 'kiymet.app')).toBeNull()
  })
})
