import type { MessageGroup } from '../../shared/i18n/message-groups'
import { loadMessageGroups } from '../../shared/i18n/messages'
import { createTranslator, type Translator } from '../../shared/i18n/translator'

const loaded = new Map<string, Promise<Translator>>()

/**
 * The texts of a message group the screen did not load, in the app's language and formats: a
 * part that shows them (a dialog, a panel under a form) reads them with `use()` inside a Suspense
 * boundary. Loaded the first time a part asks, then kept. Only for parts the server does not
 * render.
 */
export function groupTexts(app: Translator, group: MessageGroup): Promise<Translator> {
  const key = `${app.locale}/${group}`
  let texts = loaded.get(key)
  if (!texts) {
    texts = loadMessageGroups(app.locale, [group]).then((messages) =>
      createTranslator(app.locale, messages, app.formatLocale),
    )
    loaded.set(key, texts)
  }
  return texts
}
