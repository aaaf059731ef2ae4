import type { Locale } from './locales'
import type { Messages } from './messages'

/**
 * The top-level namespaces of the locale files, grouped by the screens that show them. Each
 * group is built as its own small chunk per language (see scripts/vite/messages-plugin.ts), so
 * a screen downloads only the texts it can show: the landing page never loads the sign-in
 * dialog's. Every namespace belongs to exactly one group (tested).
 */
export const MESSAGE_GROUPS = {
  /** What every screen shows: header, footer, page titles, error screens, the account corner. */
  core: ['layout', 'pages', 'legal', 'errors', 'account'],
  home: ['home'],
  pricing: ['pricing'],
  /** The sign-in dialog, the second sign-in step and the private screens' gate. */
  auth: ['auth', 'mfa', 'session', 'signedOut'],
  profile: ['profile'],
  /** The portfolio screens: lists, reports, charts, the transaction form, price sources, import
   * and export. */
  portfolio: ['portfolio', 'quotes', 'import', 'export'],
  /** The German tax screens: a depot's year and the person's across depots. */
  tax: ['tax'],
  /** How a figure is calculated: only the explanation dialog, loaded when it first opens. */
  explain: ['explain'],
  /** The API's error messages: the worker answers with them, forms show them beside fields. */
  api: ['api'],
  /** Only the worker's web manifest and the offline page use these; the app never loads them. */
  installable: ['pwa', 'offline'],
} as const satisfies Record<string, readonly (keyof Messages)[]>

export type MessageGroup = keyof typeof MESSAGE_GROUPS

export const MESSAGE_GROUP_NAMES = Object.keys(MESSAGE_GROUPS) as MessageGroup[]

/** The query that selects a group from a locale file: `/locales/tr.json?messages=core`. */
export const MESSAGES_QUERY = 'messages'

/** A group's source module, as a key of Vite's manifest (the worker preloads its chunk). */
export function messagesSource(locale: Locale, group: MessageGroup): string {
  return `locales/${locale}.json?${MESSAGES_QUERY}=${group}`
}
