import { useSyncExternalStore } from 'react'
import { COUNTRIES, type Country } from '../../shared/portfolio/countries'
import {
  FUND_TYPES,
  TEFAS_FUND_CLASSES,
  type FundType,
  type TefasFundClass,
} from '../../shared/portfolio/portfolio-kinds'
import { useI18n } from '../app/i18n-context'

/** A country and its name. */
export interface CountryChoice {
  code: Country
  name: string
}

/**
 * The countries, named by the browser (`Intl.DisplayNames`) in `locale` and in that language's
 * order: no list of names ships with the app.
 *
 * @example countryChoices('de')[0] // { code: 'AF', name: 'Afghanistan' }
 */
export function countryChoices(locale: string): CountryChoice[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' })
  const collator = new Intl.Collator(locale)
  return COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.name, b.name),
  )
}

/** A select's text as the field's value: nothing chosen is null. */
export const countryValue = {
  setValueAs: (text: string | null): Country | null =>
    COUNTRIES.find((code) => code === text) ?? null,
}

export const fundTypeValue = {
  setValueAs: (text: string | null): FundType | null =>
    FUND_TYPES.find((type) => type === text) ?? null,
}

export const tefasFundClassValue = {
  setValueAs: (text: string | null): TefasFundClass | null =>
    TEFAS_FUND_CLASSES.find((fundClass) => fundClass === text) ?? null,
}

const named = new Map<string, CountryChoice[]>()
const unchanging = () => () => {}

/**
 * The countries by name in the page's language, once the page has hydrated; null while
 * rendering on the server and hydrating: the worker's names and order may differ from the
 * browser's, and the markup must match what the server sent.
 */
export function useCountryChoices(): CountryChoice[] | null {
  const { locale } = useI18n()
  const choices = () => {
    let known = named.get(locale)
    if (!known) named.set(locale, (known = countryChoices(locale)))
    return known
  }
  return useSyncExternalStore(unchanging, choices, () => null)
}

/** The options of a country select: "not set", then every country by its name. */
export function CountryOptions({ choices }: { choices: readonly CountryChoice[] }) {
  const { t } = useI18n()
  return (
    <>
      <option value="">{t('portfolio.form.own.unset')}</option>
      {choices.map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  )
}

/** The options of a fund type select: "not set", then the five types. */
export function FundTypeOptions() {
  const { t } = useI18n()
  return (
    <>
      <option value="">{t('portfolio.form.own.unset')}</option>
      {FUND_TYPES.map((type) => (
        <option key={type} value={type}>
          {t(`portfolio.form.fundTypes.${type}`)}
        </option>
      ))}
    </>
  )
}

/** The options of a TEFAS fund class select: "not set", then the classes. */
export function TefasFundClassOptions() {
  const { t } = useI18n()
  return (
    <>
      <option value="">{t('portfolio.form.own.unset')}</option>
      {TEFAS_FUND_CLASSES.map((fundClass) => (
        <option key={fundClass} value={fundClass}>
          {t(`portfolio.form.tefasFundClasses.${fundClass}`)}
        </option>
      ))}
    </>
  )
}
