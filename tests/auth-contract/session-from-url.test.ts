import { randomUUID } from 'node:crypto'
import { createClient, type AuthChangeEvent, type SupabaseClient } from '@supabase/supabase-js'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import {
  createConfirmedUser,
  fragmentOf,
  hasOutbox,
  latestMail,
  MemoryStorage,
  redirectOf,
  target,
} from './target'
import { consentAtStandIn } from './stand-in-provider'

/**
 * Session detection in the URL (`detectSessionInUrl`), as the app's browser client does it when
 * a page loads: the client reads `window.location`, exchanges a PKCE code or takes implicit-flow
 * tokens from the fragment, and cleans the URL. auth-js only does this when `isBrowser()`, that
 * is when both `window` and `document` exist, so each test installs a minimal tab on `globalThis`
 * (restored after the test) and creates the client after that, as a page load would.
 */

const APP = 'http://127.0.0.1:5173/auth/callback'

/** The message auth-js 2.119 logs for a URL session issued 120 s or more ago. */
const STALE_WARNING =
  '@supabase/gotrue-js: Session as retrieved from URL was issued over 120s ago, URL could be stale'

type FlowType = 'pkce' | 'implicit'

interface Tab {
  /** Where the tab is now (after the client's `replaceState` or `location.hash = ''`). */
  readonly href: string
}

/**
 * Installs the part of a browser tab auth-js reads: `window.location`, `window.history`,
 * `window.addEventListener` and `document.visibilityState`. Without `document` the client does
 * not consider itself in a browser.
 */
function openTab(href: string, { withDocument = true } = {}): Tab {
  let url = new URL(href)
  vi.stubGlobal('window', {
    location: {
      get href() {
        return url.href
      },
      get hash() {
        return url.hash
      },
      set hash(value: string) {
        url.hash = value
      },
    },
    history: {
      state: null,
      replaceState: (_state: unknown, _title: string, next: string) => {
        url = new URL(next, url)
      },
    },
    addEventListener: () => {},
    removeEventListener: () => {},
  })
  if (withDocument) {
    vi.stubGlobal('document', {
      visibilityState: 'visible',
      addEventListener: () => {},
      removeEventListener: () => {},
    })
  }
  return {
    get href() {
      return url.href
    },
  }
}

/** A fresh storage key per test, so clients of different tests never share a slot or channel. */
const newStorageKey = () => `sb-url-${randomUUID().slice(0, 8)}`

interface Browser {
  storage: MemoryStorage
  storageKey: string
}

const newBrowser = (): Browser => ({ storage: new MemoryStorage(), storageKey: newStorageKey() })

const loaded: SupabaseClient[] = []

/** A client of an earlier page in `browser` (no URL detection), to start flows or sign in. */
function earlierPage(
  browser: Browser,
  flowType: FlowType,
  experimental: { appendPkceFlowIdToRedirects?: boolean } = {},
): SupabaseClient {
  return createClient(target.supabaseUrl, target.anonKey, {
    auth: {
      storage: browser.storage,
      storageKey: browser.storageKey,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType,
      experimental,
    },
  })
}

/** Loads the app in the open tab: a new client that detects a session in the URL. */
function loadApp(browser: Browser, flowType: FlowType) {
  const supabase = createClient(target.supabaseUrl, target.anonKey, {
    auth: {
      storage: browser.storage,
      storageKey: browser.storageKey,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: true,
      flowType,
    },
  })
  loaded.push(supabase)
  const events: AuthChangeEvent[] = []
  supabase.auth.onAuthStateChange((event) => void events.push(event))
  return { supabase, events }
}

/** Lets the events the client fires after `initialize()` (INITIAL_SESSION, a deferred SIGNED_IN) arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

const storedSession = (browser: Browser) => {
  const raw = browser.storage.getItem(browser.storageKey)
  return raw ? (JSON.parse(raw) as { access_token: string; user: { id: string } }) : null
}

const legacyVerifier = (browser: Browser) =>
  browser.storage.getItem(`${browser.storageKey}-code-verifier`)

/** A confirmed user signed in (password) in `browser`, as an earlier page left it. */
async function signIn(browser: Browser, flowType: FlowType, tag: string) {
  const user = await createConfirmedUser(tag)
  const supabase = earlierPage(browser, flowType)
  const { data, error } = await supabase.auth.signInWithPassword(user)
  if (error || !data.session) throw error ?? new Error('no session')
  return { user, supabase, session: data.session }
}

/** Where a magic link sent to a new confirmed user lands, started by `supabase`. */
async function magicLinkLanding(supabase: SupabaseClient, tag: string) {
  const user = await createConfirmedUser(tag)
  const { error } = await supabase.auth.signInWithOtp({
    email: user.email,
    options: { emailRedirectTo: APP },
  })
  if (error) throw error
  const { location } = await redirectOf((await latestMail(user.email)).confirmationUrl ?? '')
  return { user, landing: location }
}

const linkGithub = (supabase: SupabaseClient) =>
  supabase.auth.linkIdentity({
    provider: 'github',
    options: { redirectTo: APP, skipBrowserRedirect: true },
  })

let warnings: MockInstance<typeof console.warn>

beforeEach(() => {
  // A second client on one storage key in a "browser" warns about multiple instances; a real
  // browser would have loaded a new page instead. The stale-URL test reads these warnings.
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
})

afterEach(async () => {
  for (const supabase of loaded.splice(0)) await supabase.auth.dispose()
  vi.unstubAllGlobals()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe.runIf(hasOutbox)('session detection in the URL: PKCE', () => {
  it('a callback with a real code and the verifier in storage signs in and cleans the URL', async () => {
    const browser = newBrowser()
    const { user, landing } = await magicLinkLanding(earlierPage(browser, 'pkce'), 'url-pkce')
    expect(landing.searchParams.get('code')).toBeTruthy()
    expect(legacyVerifier(browser)).toBeTruthy()

    const tab = openTab(landing.href)
    const { supabase, events } = loadApp(browser, 'pkce')
    expect(await supabase.auth.initialize()).toEqual({ error: null })
    await vi.waitFor(() => expect(events).toContain('SIGNED_IN'))
    expect(events).not.toContain('SIGNED_OUT')
    const { data } = await supabase.auth.getSession()
    expect(data.session?.user.id).toBe(user.id)
    expect(storedSession(browser)?.access_token).toBe(data.session?.access_token)
    expect(tab.href).toBe(APP)
    expect(legacyVerifier(browser)).toBeNull()
  })

  it.runIf(target.expiredUrl)(
    'an error in the URL without a code is that error, not "No code detected"; the session stays',
    async () => {
      const browser = newBrowser()
      const { session } = await signIn(browser, 'pkce', 'url-pkce-error')
      // A PKCE link verified after its OTP expired: the error arrives in the query, without a code.
      const { user } = await magicLinkLanding(earlierPage(browser, 'pkce'), 'url-pkce-expired')
      const link = (await latestMail(user.email)).confirmationUrl ?? ''
      const { location } = await redirectOf(
        link.replace(target.supabaseUrl, target.expiredUrl ?? ''),
      )
      expect(location.searchParams.get('code')).toBeNull()
      expect(location.searchParams.get('error_code')).toBe('otp_expired')

      const tab = openTab(location.href)
      const { supabase, events } = loadApp(browser, 'pkce')
      const { error } = await supabase.auth.initialize()
      expect(error).toMatchObject({
        name: 'AuthImplicitGrantRedirectError',
        message: 'Email link is invalid or has expired',
        details: { error: 'access_denied', code: 'otp_expired' },
      })
      await settle()
      expect(events).toEqual(['INITIAL_SESSION'])
      // supabase-js 2.119 keeps the stored session on every URL error, not only on "Identity is
      // already linked" (the specification's "other URL errors remove the session" is older).
      expect((await supabase.auth.getSession()).data.session?.access_token).toBe(
        session.access_token,
      )
      expect(tab.href).toBe(location.href)
    },
  )

  it('an error without a description is "Error in URL with unspecified error_description"', async () => {
    const browser = newBrowser()
    openTab(`${APP}?error=server_error`)
    const { supabase } = loadApp(browser, 'pkce')
    const { error } = await supabase.auth.initialize()
    expect(error).toMatchObject({
      name: 'AuthImplicitGrantRedirectError',
      message: 'Error in URL with unspecified error_description',
      details: { error: 'server_error', code: 'unspecified_code' },
    })
  })

  it('a code without a verifier in this browser is no callback: nothing is exchanged', async () => {
    const elsewhere = newBrowser()
    const { user, landing } = await magicLinkLanding(earlierPage(elsewhere, 'pkce'), 'url-no-pkce')
    const code = landing.searchParams.get('code') ?? ''
    expect(code).toBeTruthy()

    const browser = newBrowser()
    const tab = openTab(landing.href)
    const { supabase, events } = loadApp(browser, 'pkce')
    expect(await supabase.auth.initialize()).toEqual({ error: null })
    await settle()
    expect(events).toEqual(['INITIAL_SESSION'])
    expect((await supabase.auth.getSession()).data.session).toBeNull()
    expect(tab.href).toBe(landing.href)
    // The code was not spent: the browser that holds its verifier can still exchange it.
    const exchanged = await earlierPage(elsewhere, 'pkce').auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user?.id).toBe(user.id)
  })

  it('a code whose verifier does not match is bad_code_verifier; the verifier goes, the session stays', async () => {
    const browser = newBrowser()
    const { session } = await signIn(browser, 'pkce', 'url-bad-verifier')
    const { landing } = await magicLinkLanding(earlierPage(browser, 'pkce'), 'url-bad-verifier-2')
    browser.storage.replaceVerifiers('x'.repeat(64))

    const tab = openTab(landing.href)
    const { supabase, events } = loadApp(browser, 'pkce')
    const { error } = await supabase.auth.initialize()
    expect(error).toMatchObject({
      name: 'AuthApiError',
      status: 400,
      code: 'bad_code_verifier',
      message: 'code challenge does not match previously saved code verifier',
    })
    await settle()
    expect(events).toEqual(['INITIAL_SESSION'])
    expect(legacyVerifier(browser)).toBeNull()
    expect((await supabase.auth.getSession()).data.session?.access_token).toBe(session.access_token)
    expect(tab.href).toBe(landing.href)
  })

  it('with flow ids, a callback whose flow this browser never started is the missing-verifier error', async () => {
    const experimental = { appendPkceFlowIdToRedirects: true }
    const elsewhere = newBrowser()
    const { landing } = await magicLinkLanding(
      earlierPage(elsewhere, 'pkce', experimental),
      'url-flow-elsewhere',
    )
    expect(landing.searchParams.get('sb_flow_id')).toBeTruthy()
    // This browser has a pending flow of its own (its verifier sits in the legacy key), which
    // makes the URL look like a callback, but the URL names another flow.
    const browser = { ...newBrowser(), storageKey: elsewhere.storageKey }
    await magicLinkLanding(earlierPage(browser, 'pkce', experimental), 'url-flow-here')
    const ownVerifier = legacyVerifier(browser)
    expect(ownVerifier).toBeTruthy()

    const tab = openTab(landing.href)
    const { supabase } = loadApp(browser, 'pkce')
    const { error } = await supabase.auth.initialize()
    expect(error).toMatchObject({
      name: 'AuthPKCECodeVerifierMissingError',
      status: 400,
      code: 'pkce_code_verifier_not_found',
    })
    expect(error?.message).toMatch(/^PKCE code verifier not found in storage\. /)
    expect(legacyVerifier(browser)).toBe(ownVerifier)
    expect((await supabase.auth.getSession()).data.session).toBeNull()
    expect(tab.href).toBe(landing.href)
    const exchanged = await earlierPage(elsewhere, 'pkce').auth.exchangeCodeForSession(
      landing.searchParams.get('code') ?? '',
    )
    expect(exchanged.error).toBeNull()
  })

  it('a PKCE client given implicit-flow tokens answers "Not a valid PKCE flow url."', async () => {
    const { landing } = await magicLinkLanding(earlierPage(newBrowser(), 'implicit'), 'url-mix')
    expect(fragmentOf(landing).access_token).toBeTruthy()

    const browser = newBrowser()
    const tab = openTab(landing.href)
    const { supabase, events } = loadApp(browser, 'pkce')
    const { error } = await supabase.auth.initialize()
    expect(error).toMatchObject({
      name: 'AuthPKCEGrantCodeExchangeError',
      message: 'Not a valid PKCE flow url.',
    })
    await settle()
    expect(events).toEqual(['INITIAL_SESSION'])
    expect((await supabase.auth.getSession()).data.session).toBeNull()
    expect(tab.href).toBe(landing.href)
  })

  it('an implicit client given a PKCE callback answers "Not a valid implicit grant flow url."', async () => {
    const browser = newBrowser()
    const { landing } = await magicLinkLanding(earlierPage(browser, 'pkce'), 'url-mix-2')
    const code = landing.searchParams.get('code') ?? ''

    openTab(landing.href)
    const { supabase } = loadApp(browser, 'implicit')
    const { error } = await supabase.auth.initialize()
    expect(error).toMatchObject({
      name: 'AuthImplicitGrantRedirectError',
      message: 'Not a valid implicit grant flow url.',
    })
    expect((await supabase.auth.getSession()).data.session).toBeNull()
    expect((await earlierPage(browser, 'pkce').auth.exchangeCodeForSession(code)).error).toBeNull()
  })
})

describe.runIf(hasOutbox)('session detection in the URL: implicit flow', () => {
  it('a magic-link fragment signs in, clears the hash, and is not stale', async () => {
    const { user, landing } = await magicLinkLanding(
      earlierPage(newBrowser(), 'implicit'),
      'url-ok',
    )
    expect(fragmentOf(landing).expires_at).toBeTruthy()

    const browser = newBrowser()
    const tab = openTab(landing.href)
    const { supabase, events } = loadApp(browser, 'implicit')
    expect(await supabase.auth.initialize()).toEqual({ error: null })
    await vi.waitFor(() => expect(events).toContain('SIGNED_IN'))
    const { data } = await supabase.auth.getSession()
    expect(data.session?.user.id).toBe(user.id)
    expect(data.session?.access_token).toBe(fragmentOf(landing).access_token)
    expect(storedSession(browser)?.user.id).toBe(user.id)
    expect(tab.href).toBe(APP)
    expect(warnings.mock.calls.map(([message]) => message)).not.toContain(STALE_WARNING)
  })

  it('a fragment issued over 120 s ago still signs in, with the stale-URL warning', async () => {
    const { user, landing } = await magicLinkLanding(
      earlierPage(newBrowser(), 'implicit'),
      'url-stale',
    )
    // The user opens the landing page 150 s after the server issued the session.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 150_000)

    const browser = newBrowser()
    const tab = openTab(landing.href)
    const { supabase, events } = loadApp(browser, 'implicit')
    expect(await supabase.auth.initialize()).toEqual({ error: null })
    await vi.waitFor(() => expect(events).toContain('SIGNED_IN'))
    const stale = warnings.mock.calls.find(([message]) => message === STALE_WARNING)
    expect(stale).toBeDefined()
    const [, issuedAt, expiresAt] = stale as [string, number, number]
    expect(expiresAt).toBe(Number(fragmentOf(landing).expires_at))
    expect(Math.round(Date.now() / 1000) - issuedAt).toBeGreaterThanOrEqual(150)
    expect((await supabase.auth.getSession()).data.session?.user.id).toBe(user.id)
    expect(tab.href).toBe(APP)
  })

  it('a fragment without the refresh token and expiry is "No session defined in URL"', async () => {
    const { landing } = await magicLinkLanding(earlierPage(newBrowser(), 'implicit'), 'url-cut')
    const fragment = new URLSearchParams(landing.hash.slice(1))
    fragment.delete('refresh_token')
    fragment.delete('expires_in')
    const cut = new URL(landing)
    cut.hash = fragment.toString()

    const browser = newBrowser()
    const tab = openTab(cut.href)
    const { supabase, events } = loadApp(browser, 'implicit')
    const { error } = await supabase.auth.initialize()
    expect(error).toMatchObject({
      name: 'AuthImplicitGrantRedirectError',
      message: 'No session defined in URL',
    })
    await settle()
    expect(events).toEqual(['INITIAL_SESSION'])
    expect((await supabase.auth.getSession()).data.session).toBeNull()
    expect(tab.href).toBe(cut.href)
  })
})

describe.runIf(hasOutbox)('session detection in the URL: errors while signed in', () => {
  async function expectSessionKept(
    supabase: SupabaseClient,
    events: AuthChangeEvent[],
    accessToken: string,
  ) {
    await settle()
    expect(events).toEqual(['INITIAL_SESSION'])
    expect((await supabase.auth.getSession()).data.session?.access_token).toBe(accessToken)
  }

  it('"Identity is already linked" keeps the session', async () => {
    const browser = newBrowser()
    const { user, supabase: earlier } = await signIn(browser, 'pkce', 'url-relink')
    const first = await consentAtStandIn((await linkGithub(earlier)).data.url ?? '', user.email)
    const linked = await earlier.auth.exchangeCodeForSession(first.searchParams.get('code') ?? '')
    expect(linked.error).toBeNull()
    const refused = await consentAtStandIn((await linkGithub(earlier)).data.url ?? '', user.email)
    const accessToken = linked.data.session?.access_token ?? ''

    const tab = openTab(refused.href)
    const { supabase, events } = loadApp(browser, 'pkce')
    const { error } = await supabase.auth.initialize()
    expect(error).toMatchObject({
      name: 'AuthImplicitGrantRedirectError',
      message: 'Identity is already linked',
      details: { error: 'server_error', code: 'identity_already_exists' },
    })
    await expectSessionKept(supabase, events, accessToken)
    expect(tab.href).toBe(refused.href)
  })

  it('"Identity is already linked to another user" keeps the session', async () => {
    const owner = await createConfirmedUser('url-owner')
    const ownerPage = earlierPage(newBrowser(), 'pkce')
    const start = await ownerPage.auth.signInWithOAuth({
      provider: 'github',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    await consentAtStandIn(start.data.url ?? '', owner.email)
    const browser = newBrowser()
    const { supabase: earlier, session } = await signIn(browser, 'pkce', 'url-intruder')
    const refused = await consentAtStandIn((await linkGithub(earlier)).data.url ?? '', owner.email)

    openTab(refused.href)
    const { supabase, events } = loadApp(browser, 'pkce')
    const { error } = await supabase.auth.initialize()
    expect(error).toMatchObject({
      name: 'AuthImplicitGrantRedirectError',
      message: 'Identity is already linked to another user',
      details: { error: 'server_error', code: 'identity_already_exists' },
    })
    await expectSessionKept(supabase, events, session.access_token)
  })

  it.runIf(target.expiredUrl)(
    'another URL error (an expired link) also keeps the session in supabase-js 2.119',
    async () => {
      const browser = newBrowser()
      const { user, session } = await signIn(browser, 'implicit', 'url-expired')
      await earlierPage(newBrowser(), 'implicit').auth.signInWithOtp({
        email: user.email,
        options: { emailRedirectTo: APP },
      })
      const link = (await latestMail(user.email)).confirmationUrl ?? ''
      const { location } = await redirectOf(
        link.replace(target.supabaseUrl, target.expiredUrl ?? ''),
      )

      openTab(location.href)
      const { supabase, events } = loadApp(browser, 'implicit')
      const { error } = await supabase.auth.initialize()
      expect(error).toMatchObject({
        name: 'AuthImplicitGrantRedirectError',
        message: 'Email link is invalid or has expired',
        details: { error: 'access_denied', code: 'otp_expired' },
      })
      await expectSessionKept(supabase, events, session.access_token)
      expect(storedSession(browser)?.access_token).toBe(session.access_token)
    },
  )
})

describe.runIf(hasOutbox)('session detection in the URL: no browser', () => {
  it('with `window` but no `document` the client is not in a browser and leaves the URL alone', async () => {
    const browser = newBrowser()
    const { user, landing } = await magicLinkLanding(earlierPage(browser, 'pkce'), 'url-no-doc')
    const code = landing.searchParams.get('code') ?? ''
    expect(legacyVerifier(browser)).toBeTruthy()

    const tab = openTab(landing.href, { withDocument: false })
    const { supabase, events } = loadApp(browser, 'pkce')
    expect(await supabase.auth.initialize()).toEqual({ error: null })
    await settle()
    expect(events).toEqual(['INITIAL_SESSION'])
    expect((await supabase.auth.getSession()).data.session).toBeNull()
    expect(legacyVerifier(browser)).toBeTruthy()
    expect(tab.href).toBe(landing.href)
    // The same client exchanges the code when asked explicitly: it was never spent.
    const exchanged = await supabase.auth.exchangeCodeForSession(code)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user?.id).toBe(user.id)
  })
})
