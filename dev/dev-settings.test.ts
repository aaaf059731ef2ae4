import { describe, expect, it } from 'vitest'
import { authConfigFromEnv } from './auth-server/config'
import { devAuthEnv, devSettingsFromEnv } from './dev-settings'

describe('devSettingsFromEnv', () => {
  it('puts the dev market server on 54330 unless MARKET_PORT says otherwise', () => {
    expect(devSettingsFromEnv({}).ports.market).toBe(54330)
    expect(devSettingsFromEnv({ MARKET_PORT: '54400' }).ports.market).toBe(54400)
    expect(devSettingsFromEnv({ MARKET_PORT: 'x' }).ports.market).toBe(54330)
  })

  it('puts the Paddle stand-in on 54331 unless PAYMENTS_PORT says otherwise', () => {
    expect(devSettingsFromEnv({}).ports.payments).toBe(54331)
    expect(devSettingsFromEnv({ PAYMENTS_PORT: '54401' }).ports.payments).toBe(54401)
  })
})

describe('devAuthEnv', () => {
  const settings = devSettingsFromEnv({ APP_PORT: '5180' })
  const configOf = (env: Record<string, string | undefined>) =>
    authConfigFromEnv('http://127.0.0.1:54321/auth/v1', devAuthEnv(settings, env))

  it('sends mail links to the app of the run and honours Sb-Forwarded-For', () => {
    const config = configOf({})
    expect(config.siteUrl).toBe('http://127.0.0.1:5180')
    expect(config.rateLimitSbForwardedFor).toBe(true)
  })

  it('lets variables set for the run win', () => {
    const config = configOf({
      AUTH_SITE_URL: 'https://example.test',
      AUTH_SECURITY_SB_FORWARDED_FOR_ENABLED: 'false',
    })
    expect(config.siteUrl).toBe('https://example.test')
    expect(config.rateLimitSbForwardedFor).toBe(false)
  })
})
