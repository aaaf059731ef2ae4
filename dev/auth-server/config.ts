/** Every behaviour the hosted project sets in its dashboard, with the local default. */
export interface AuthConfig {
  /** Public base of the auth API, e.g. http://127.0.0.1:54321/auth/v1 (the JWT issuer). */
  apiUrl: string
  /** Where links go when `redirect_to` is absent or not allowed. */
  siteUrl: string
  /** Extra allowed `redirect_to` prefixes; any localhost or 127.0.0.1 URL is always allowed. */
  additionalRedirectUrls: string[]
  /** Access token lifetime in seconds. */
  jwtExpiry: number
  /** Lifetime of emailed codes and links in seconds. */
  otpExpiry: number
  /** Sessions end this many seconds after sign-in; 0 means never (hosted default). */
  sessionTimebox: number
  /** A revoked refresh token may be replayed this many seconds after its rotation. */
  refreshTokenReuseInterval: number
  /** Sign-ups are confirmed at once instead of by email. */
  mailerAutoconfirm: boolean
  disableSignup: boolean
  passwordMinLength: number
  /** OAuth providers the built-in stand-in provider page answers for. */
  oauthProviders: string[]
  manualLinkingEnabled: boolean
  /**
   * GoTrue's "secure password change": a password change in a session older than this many
   * seconds needs the emailed reauthentication code (24 h on hosted projects); null is off.
   */
  passwordReauthenticationAfter: number | null
  bcryptCost: number
  maxEnrolledFactors: number
  /** Seconds an MFA challenge stays valid. */
  mfaChallengeExpiry: number
  /** Seconds a PKCE auth code stays exchangeable. */
  flowStateExpiry: number
  /** Password sign-ins, sign-ups and code requests per address in 5 minutes (hosted: 30). */
  rateLimitSignInSignUps: number
  /** Emailed-code, link and authenticator-code checks per address in 5 minutes (hosted: 30). */
  rateLimitTokenVerifications: number
  /** Mails the project sends per hour (hosted with its own SMTP server: 30). */
  rateLimitEmailSent: number
  /**
   * Whether the first `X-Forwarded-For` entry is the caller's address for the limits: only behind
   * a proxy that sets it, since a client can send any. Off, the socket's peer address counts.
   */
  rateLimitTrustForwarded: boolean
  /**
   * GoTrue's "IP address forwarding": a request made with the service-role key may name its end
   * user's address in `Sb-Forwarded-For`, which then counts for the limits (a server calling on
   * behalf of many visitors would otherwise spend one budget for all of them).
   */
  rateLimitSbForwardedFor: boolean
  /** Browser origins besides the site URL's and the redirect URLs' that may call the API. */
  corsAllowedOrigins: string[]
}

export const DEFAULT_AUTH_CONFIG: Omit<AuthConfig, 'apiUrl'> = {
  siteUrl: 'http://127.0.0.1:5173',
  additionalRedirectUrls: [],
  jwtExpiry: 3600,
  otpExpiry: 3600,
  sessionTimebox: 0,
  refreshTokenReuseInterval: 10,
  mailerAutoconfirm: false,
  disableSignup: false,
  passwordMinLength: 8,
  oauthProviders: ['github', 'google'],
  manualLinkingEnabled: true,
  passwordReauthenticationAfter: null,
  bcryptCost: 10,
  maxEnrolledFactors: 10,
  mfaChallengeExpiry: 300,
  flowStateExpiry: 300,
  rateLimitSignInSignUps: 30,
  rateLimitTokenVerifications: 30,
  rateLimitEmailSent: 30,
  rateLimitTrustForwarded: false,
  rateLimitSbForwardedFor: false,
  corsAllowedOrigins: [],
}

type Env = Record<string, string | undefined>

const number = (value: string | undefined, fallback: number) => {
  const parsed = value === undefined || value === '' ? NaN : Number(value)
  return Number.isFinite(parsed) ? parsed : fallback
}
const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : value === 'true' || value === '1'
const list = (value: string | undefined, fallback: string[]) =>
  value === undefined
    ? fallback
    : value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)

/** Reads the `AUTH_*` environment variables (documented in dev/README.md) over the defaults. */
export function authConfigFromEnv(apiUrl: string, env: Env): AuthConfig {
  const d = DEFAULT_AUTH_CONFIG
  return {
    apiUrl,
    siteUrl: env.AUTH_SITE_URL || d.siteUrl,
    additionalRedirectUrls: list(env.AUTH_ADDITIONAL_REDIRECT_URLS, d.additionalRedirectUrls),
    jwtExpiry: number(env.AUTH_JWT_EXPIRY, d.jwtExpiry),
    otpExpiry: number(env.AUTH_OTP_EXPIRY, d.otpExpiry),
    sessionTimebox: number(env.AUTH_SESSIONS_TIMEBOX, d.sessionTimebox),
    refreshTokenReuseInterval: number(
      env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL,
      d.refreshTokenReuseInterval,
    ),
    mailerAutoconfirm: flag(env.AUTH_MAILER_AUTOCONFIRM, d.mailerAutoconfirm),
    disableSignup: flag(env.AUTH_DISABLE_SIGNUP, d.disableSignup),
    passwordMinLength: number(env.AUTH_PASSWORD_MIN_LENGTH, d.passwordMinLength),
    oauthProviders: list(env.AUTH_OAUTH_PROVIDERS, d.oauthProviders),
    manualLinkingEnabled: flag(env.AUTH_MANUAL_LINKING_ENABLED, d.manualLinkingEnabled),
    passwordReauthenticationAfter: env.AUTH_PASSWORD_REAUTHENTICATION_AFTER
      ? number(env.AUTH_PASSWORD_REAUTHENTICATION_AFTER, 86_400)
      : d.passwordReauthenticationAfter,
    bcryptCost: number(env.AUTH_BCRYPT_COST, d.bcryptCost),
    maxEnrolledFactors: d.maxEnrolledFactors,
    mfaChallengeExpiry: number(env.AUTH_MFA_CHALLENGE_EXPIRY, d.mfaChallengeExpiry),
    flowStateExpiry: d.flowStateExpiry,
    rateLimitSignInSignUps: number(env.AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS, d.rateLimitSignInSignUps),
    rateLimitTokenVerifications: number(
      env.AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS,
      d.rateLimitTokenVerifications,
    ),
    rateLimitEmailSent: number(env.AUTH_RATE_LIMIT_EMAIL_SENT, d.rateLimitEmailSent),
    rateLimitTrustForwarded: flag(env.AUTH_RATE_LIMIT_TRUST_FORWARDED, d.rateLimitTrustForwarded),
    rateLimitSbForwardedFor: flag(
      env.AUTH_SECURITY_SB_FORWARDED_FOR_ENABLED,
      d.rateLimitSbForwardedFor,
    ),
    corsAllowedOrigins: list(env.AUTH_CORS_ALLOWED_ORIGINS, d.corsAllowedOrigins),
  }
}
