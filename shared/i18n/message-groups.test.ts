import { describe, expect, it, vi } from 'vitest'
import english from '../../locales/en.json'
import { MESSAGE_GROUPS } from './message-groups'
import { loadMessageGroups, loadMessages } from './messages'
import { createTranslator } from './translator'

describe('message groups', () => {
  it('put every namespace of the locale files in exactly one group', () => {
    const grouped = Object.values(MESSAGE_GROUPS).flat()
    expect([...grouped].sort()).toEqual(Object.keys(english).sort())
  })

  it('load only the namespaces asked for', async () => {
    const messages = await loadMessageGroups('en', ['core', 'home'])
    expect(Object.keys(messages).sort()).toEqual(
      [...MESSAGE_GROUPS.core, ...MESSAGE_GROUPS.home].sort(),
    )
    expect(messages.home).toEqual(english.home)
  })

  it('make up the whole locale file together', async () => {
    expect(await loadMessages('en')).toEqual(english)
  })

  it('show a key of a group not loaded as the key, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { t } = createTranslator('en', await loadMessageGroups('en', ['core']))
    expect(t('auth.signIn.heading')).toBe('auth.signIn.heading')
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })
})
