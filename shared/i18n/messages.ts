import type { Locale } from './locales'
import { MESSAGE_GROUP_NAMES, type MessageGroup } from './message-groups'
import type english from '../../locales/en.json'

/** The shape of a locale file; English is the reference the other two must match (tested). */
export type Messages = typeof english

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>
}[keyof T & string]

/** Every translatable key, as a dotted path into a locale file. */
export type MessageKey = Leaves<Messages>

/** The dotted paths below `T` whose value is a set of plural forms ({one, other}). */
type PluralPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends { other: string }
    ? `${Prefix}${K}`
    : T[K] extends Record<string, unknown>
      ? PluralPaths<T[K], `${Prefix}${K}.`>
      : never
}[keyof T & string]

/** Keys whose value is a set of plural forms ({one, other}). */
export type PluralKey = PluralPaths<Messages>

type Part = Partial<Messages>
type Loaders = Record<string, () => Promise<Part>>

// One small chunk per language and group (scripts/vite/messages-plugin.ts): the browser fetches
// only the language it shows, and of it only the groups the screen needs. import.meta.glob takes
// literal options only, hence one line per group; the type makes sure no group is forgotten.
const loaders: Record<MessageGroup, Loaders> = {
  core: import.meta.glob<Part>('/locales/*.json', { query: '?messages=core', import: 'default' }),
  home: import.meta.glob<Part>('/locales/*.json', { query: '?messages=home', import: 'default' }),
  pricing: import.meta.glob<Part>('/locales/*.json', {
    query: '?messages=pricing',
    import: 'default',
  }),
  auth: import.meta.glob<Part>('/locales/*.json', { query: '?messages=auth', import: 'default' }),
  profile: import.meta.glob<Part>('/locales/*.json', {
    query: '?messages=profile',
    import: 'default',
  }),
  portfolio: import.meta.glob<Part>('/locales/*.json', {
    query: '?messages=portfolio',
    import: 'default',
  }),
  tax: import.meta.glob<Part>('/locales/*.json', { query: '?messages=tax', import: 'default' }),
  explain: import.meta.glob<Part>('/locales/*.json', {
    query: '?messages=explain',
    import: 'default',
  }),
  api: import.meta.glob<Part>('/locales/*.json', { query: '?messages=api', import: 'default' }),
  installable: import.meta.glob<Part>('/locales/*.json', {
    query: '?messages=installable',
    import: 'default',
  }),
}
const loaded = new Map<string, Promise<Partial<Messages>>>()

function loadGroup(locale: Locale, group: MessageGroup): Promise<Partial<Messages>> {
  const id = `${locale}:${group}`
  let messages = loaded.get(id)
  if (!messages) {
    const load = loaders[group][`/locales/${locale}.json`]
    if (!load) throw new Error(`No locale file for ${locale}`)
    messages = load()
    // A failed download (offline, new deploy) may be retried on the next navigation.
    messages.catch(() => loaded.delete(id))
    loaded.set(id, messages)
  }
  return messages
}

/**
 * The messages of some groups of one language, merged; each group is loaded once, then served
 * from memory. Keys of groups not asked for are missing: the translator shows them as keys.
 */
export async function loadMessageGroups(
  locale: Locale,
  groups: readonly MessageGroup[],
): Promise<Partial<Messages>> {
  const parts = await Promise.all(groups.map((group) => loadGroup(locale, group)))
  return Object.assign({}, ...parts) as Partial<Messages>
}

/** All messages of one language (for the worker's own responses, which are not hydrated). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  // Every namespace is in exactly one group (tested), so all groups make the whole file.
  return (await loadMessageGroups(locale, MESSAGE_GROUP_NAMES)) as Messages
}
