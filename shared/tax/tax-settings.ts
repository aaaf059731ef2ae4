/**
 * Where a person is taxed: Germany now, Türkiye once its tax view exists (issue 35). The profile
 * offers only the countries whose tax view is there.
 */
export const TAX_RESIDENCES = ['DE', 'TR'] as const
export type TaxResidence = (typeof TAX_RESIDENCES)[number]

/** The church tax rates a German bank withholds: 8 % (Bavaria, Baden-Württemberg), 9 % elsewhere. */
export const CHURCH_TAX_RATES = ['0', '0.08', '0.09'] as const
export type ChurchTaxRate = (typeof CHURCH_TAX_RATES)[number]

/** A person's tax settings, kept in their account's metadata (docs/tax-germany.md, rules 2 and 4). */
export interface TaxSettings {
  /** Null until chosen: no tax view is shown as theirs. */
  residence: TaxResidence | null
  /** Assessed jointly with a spouse: the Sparer-Pauschbetrag is doubled. */
  jointAssessment: boolean
  churchTaxRate: ChurchTaxRate
}

/** The metadata keys of the settings, as `updateUser({ data })` writes them. */
export interface TaxMetadata {
  tax_residence: TaxResidence | null
  tax_joint_assessment: boolean
  church_tax_rate: ChurchTaxRate
}

export function isTaxResidence(value: unknown): value is TaxResidence {
  return typeof value === 'string' && (TAX_RESIDENCES as readonly string[]).includes(value)
}

export function isChurchTaxRate(value: unknown): value is ChurchTaxRate {
  return typeof value === 'string' && (CHURCH_TAX_RATES as readonly string[]).includes(value)
}

/**
 * The tax settings of an account's metadata (`tax_residence`, `tax_joint_assessment`,
 * `church_tax_rate`). The metadata is the user's to write, so a value the app does not know
 * counts as not set: no residence, not jointly assessed, no church tax.
 * @example taxSettingsOf({ tax_residence: 'DE', church_tax_rate: '0.08' }) // { residence: 'DE', jointAssessment: false, churchTaxRate: '0.08' }
 */
export function taxSettingsOf(metadata: Record<string, unknown> | null | undefined): TaxSettings {
  const data = metadata ?? {}
  return {
    residence: isTaxResidence(data.tax_residence) ? data.tax_residence : null,
    jointAssessment: data.tax_joint_assessment === true,
    churchTaxRate: isChurchTaxRate(data.church_tax_rate) ? data.church_tax_rate : '0',
  }
}

/** The metadata that stores `settings` (no residence removes the key). */
export function taxMetadataOf(settings: TaxSettings): TaxMetadata {
  return {
    tax_residence: settings.residence,
    tax_joint_assessment: settings.jointAssessment,
    church_tax_rate: settings.churchTaxRate,
  }
}
