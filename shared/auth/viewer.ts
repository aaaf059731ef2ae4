import type { Locale } from '../i18n/locales'
import type { TaxSettings } from '../tax/tax-settings'
import type { AuthDialogState, AuthErrorCode } from './auth-dialog-state'

/** What a private screen knows of its signed-in user, from the verified access token. */
export interface ViewerUser {
  id: string
  email: string
  name: string | null
  locale: Locale | null
  /** The time zone chosen in the profile (one the platform knows), or null for none. */
  timeZone: string | null
  /** The tax settings chosen in the profile (unknown values as not set). */
  tax: TaxSettings
  aal: 'aal1' | 'aal2'
}

/** A verified authenticator (TOTP factor) of the user: its factor id and the name they gave it. */
export interface MfaDevice {
  id: string
  /** Empty when the user gave none. */
  name: string
}

/**
 * Who is looking, as the server saw it. Public pages are reused for everyone, so theirs never
 * carries a user (`user: null`); private screens are rendered per request and carry one.
 * `mfaDevices`: signed in with a password while verified authenticators guard the account, the
 * devices whose code is still to be entered (any one of them will do); empty when none is.
 */
export type Viewer =
  | { status: 'signed-out' }
  | { status: 'unavailable' }
  | { status: 'signed-in'; user: ViewerUser | null; mfaDevices: MfaDevice[] }

/** Who is looking and what the URL asks of the sign-in flow: part of every page's state. */
export interface SessionView {
  viewer: Viewer
  /** The sign-in dialog the URL opens, or null. */
  dialog: AuthDialogState | null
  /** An auth error carried in the URL, shown by the dialog or the two-step screen. */
  error: AuthErrorCode | null
}

export const SIGNED_OUT_VIEW: SessionView = {
  viewer: { status: 'signed-out' },
  dialog: null,
  error: null,
}
