import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'
import { MESSAGE_GROUPS, MESSAGES_QUERY } from '../../shared/i18n/message-groups.ts'

/**
 * Serves one group of a locale file's namespaces: `/locales/tr.json?messages=home` is the JSON
 * of `home` only. The locale files stay the one source per language, while each language × group
 * becomes its own chunk, loaded with the screens that need it.
 */
export function messagesPlugin(): Plugin {
  return {
    name: 'kiymet:message-groups',
    enforce: 'pre',
    load(id) {
      const [path, query] = id.split('?')
      if (!path?.endsWith('.json') || !query?.startsWith(`${MESSAGES_QUERY}=`)) return undefined
      const group = query.slice(MESSAGES_QUERY.length + 1)
      if (!Object.hasOwn(MESSAGE_GROUPS, group)) throw new Error(`${id}: unknown message group`)
      this.addWatchFile(path)
      const messages = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
      const namespaces = MESSAGE_GROUPS[group as keyof typeof MESSAGE_GROUPS]
      const picked = Object.fromEntries(namespaces.map((name) => [name, messages[name]]))
      // JavaScript, not JSON: Vite's JSON handling skips ids with a query.
      return { code: `export default ${JSON.stringify(picked)}`, moduleType: 'js' }
    },
  }
}
