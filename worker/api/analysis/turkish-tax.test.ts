import { describe, expect, it } from 'vitest'
import { previewYiUfe } from './turkish-tax'

// The Yİ-ÜFE a sale preview reads (docs/tax-turkey.md, "The sale preview"): the month before the
// sale, not published yet, is estimated with the newest published month, and named.

const published = { '2026-08': '4900.00', '2026-09': '4950.00' }

describe('the Yİ-ÜFE of a sale preview', () => {
  it('uses the newest published month for the sale’s month not yet published, and names both', () => {
    const indices = previewYiUfe(
      {
        yiUfe: published,
        unpublishedYiUfe: [{ month: '2026-10', value: '4950.00', valueMonth: '2026-09' }],
      },
      '2026-11-02',
    )
    expect(indices).toEqual({
      yiUfe: { ...published, '2026-10': '4950.00' },
      estimate: { month: '2026-10', used: '2026-09' },
    })
  })

  it('estimates nothing when the sale’s month is published', () => {
    const indices = previewYiUfe({ yiUfe: published, unpublishedYiUfe: [] }, '2026-10-20')
    expect(indices).toEqual({ yiUfe: published, estimate: null })
  })
})
