import type { Locale } from './locales'
import type english from '../../locales/en.json'

/** The shape of a locale file; English is the reference the other two must match (tested). */
export type Messages = typeof english

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>
}[keyof T & string]

/** Every translatable key, as a dotted path into a locale file. */
export type MessageKey = Leaves<Messages>

/** Keys whose value is a set of plural forms ({one, other}). */
export type PluralKey = {
  [K in keyof Messages['pricing'] & string]: Messages['pricing'][K] extends { other: string }
    ? `pricing.${K}`
    : never
}[keyof Messages['pricing'] & string]

// One lazily loaded chunk per language: the browser fetches only the language it shows.
const loaders = import.meta.glob<Messages>('/locales/*.json', { import: 'default' })
const loaded = new Map<Locale, Messages>()

/** The messages of one language; loaded once, then served from memory. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const cached = loaded.get(locale)
  if (cached) return cached
  const load = loaders[`/locales/${locale}.json`]
  if (!load) throw new Error(`No locale file for ${locale}`)
  const messages = await load()
  loaded.set(locale, messages)
  return messages
}
