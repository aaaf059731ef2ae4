import { renderToStaticMarkup } from 'react-dom/server'
import { collectApiSnapshot, type ApiAnswer } from '../../shared/api/api-snapshot'
import type { Viewer } from '../../shared/auth/viewer'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { matchRoute } from '../../shared/routes/match-route'
import { taxSettingsOf } from '../../shared/tax/tax-settings'
import { I18nContext } from '../app/i18n-context'
import { SessionContext } from '../auth/user-store'
import { loadPage } from '../pages/page-registry'
import { withoutCardParts } from '../portfolio/screens/screen-fixtures'

// For the tax screens' tests: a page rendered as the worker renders it, and its tables' text.

/**
 * The page at `path` as the worker renders it for a user whose metadata is `metadata` (in
 * `timeZone`), from the API answers it declares, looked up in `answers` (any other: 500); null
 * when the screen does not exist. No-break spaces read as spaces, soft hyphens are dropped.
 */
export async function renderTaxPage(
  path: string,
  answers: Readonly<Record<string, ApiAnswer>>,
  metadata: Record<string, unknown>,
  timeZone: string,
): Promise<string | null> {
  const match = matchRoute(path)
  if (!match) throw new Error(`no route for ${path}`)
  const page = await loadPage(match.name)
  const read = async (paths: string[]) =>
    Object.fromEntries(paths.map((each) => [each, answers[each] ?? { status: 500, body: null }]))
  const collected = await collectApiSnapshot(page.apiSnapshot!, match, read, 0)
  if (collected.kind !== 'ok') return null
  const translator = createTranslator(match.locale, await loadMessages(match.locale))
  const viewer: Viewer = {
    status: 'signed-in',
    mfaDevices: [],
    user: {
      id: 'u',
      email: 'a@example.com',
      name: null,
      locale: null,
      timeZone,
      tax: taxSettingsOf(metadata),
      aal: 'aal1',
    },
  }
  const html = renderToStaticMarkup(
    <I18nContext value={translator}>
      <SessionContext value={{ viewer, dialog: null, error: null }}>
        {page.render(match, undefined, collected.snapshot)}
      </SessionContext>
    </I18nContext>,
  )
  return withoutCardParts(html).replaceAll('\u00a0', ' ').replaceAll('\u00ad', '')
}

/** The text of each row of the page's tables, its cells joined by " | ". */
export function tableRowsOf(html: string): string[] {
  return [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)]
      .map((cell) => (cell[1] ?? '').replaceAll(/<[^>]+>/g, ''))
      .join(' | '),
  )
}
