import { describe, expect, it } from 'vitest'
import { SIGNED_OUT_VIEW } from '../../shared/auth/viewer'
import { matchRoute } from '../../shared/routes/match-route'
import { pageMessageGroups } from './page-files'

describe('pageMessageGroups', () => {
  it('gives the landing page no sign-in texts until the dialog opens', () => {
    const home = matchRoute('/')
    if (!home) throw new Error('no home route')
    expect(pageMessageGroups(home, SIGNED_OUT_VIEW)).toEqual(['core', 'home'])
    const dialog = { mode: 'sign-in', providers: null } as const
    expect(pageMessageGroups(home, { ...SIGNED_OUT_VIEW, dialog })).toContain('auth')
  })
})
