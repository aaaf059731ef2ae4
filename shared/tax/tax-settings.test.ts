import { describe, expect, it } from 'vitest'
import { taxMetadataOf, taxSettingsOf } from './tax-settings'

describe('taxSettingsOf', () => {
  it('reads the settings of an account’s metadata', () => {
    expect(
      taxSettingsOf({ tax_residence: 'DE', tax_joint_assessment: true, church_tax_rate: '0.09' }),
    ).toEqual({ residence: 'DE', jointAssessment: true, churchTaxRate: '0.09' })
    expect(taxSettingsOf({ tax_residence: 'TR' }).residence).toBe('TR')
  })

  it('counts what it does not know as not set', () => {
    const unset = { residence: null, jointAssessment: false, churchTaxRate: '0' }
    expect(
      taxSettingsOf({ tax_residence: 'FR', tax_joint_assessment: 'yes', church_tax_rate: 0.09 }),
    ).toEqual(unset)
    expect(taxSettingsOf({ tax_residence: 'de', church_tax_rate: '0.1' })).toEqual(unset)
    expect(taxSettingsOf(undefined)).toEqual(unset)
  })
})

describe('taxMetadataOf', () => {
  it('writes the keys it reads back, removing an unset residence', () => {
    const settings = { residence: 'DE', jointAssessment: true, churchTaxRate: '0.08' } as const
    expect(taxSettingsOf({ ...taxMetadataOf(settings) })).toEqual(settings)
    expect(taxMetadataOf({ residence: null, jointAssessment: false, churchTaxRate: '0' })).toEqual({
      tax_residence: null,
      tax_joint_assessment: false,
      church_tax_rate: '0',
    })
  })
})
