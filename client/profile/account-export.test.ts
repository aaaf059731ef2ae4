import type { User } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { createApiClient } from '../api/api-client'
import type { Transaction } from '../../shared/api/schemas'
import {
  accountExportOf,
  type ExportedBilling,
  exportFileName,
  portfolioDataOf,
  type PortfolioData,
} from './account-export'

const user = {
  id: '3f0c2a5e-1111-4222-8333-944445555666',
  aud: 'authenticated',
  role: 'authenticated',
  email: 'ayse@example.com',
  new_email: 'ayse@new.example',
  created_at: '2026-11-01T08:00:00Z',
  email_confirmed_at: '2026-11-01T08:05:00Z',
  last_sign_in_at: '2026-11-25T09:00:00Z',
  app_metadata: { provider: 'email', providers: ['email', 'github'] },
  user_metadata: { display_name: 'Ayşe', locale: 'tr', base_currency: 'TRY' },
  identities: [
    {
      id: 'i1',
      identity_id: 'identity-1',
      user_id: '3f0c2a5e-1111-4222-8333-944445555666',
      provider: 'email',
      identity_data: { email: 'ayse@example.com', sub: '3f0c…' },
      created_at: '2026-11-01T08:00:00Z',
      last_sign_in_at: '2026-11-25T09:00:00Z',
      updated_at: '2026-11-25T09:00:00Z',
    },
    {
      id: 'gh-42',
      identity_id: 'identity-2',
      user_id: '3f0c2a5e-1111-4222-8333-944445555666',
      provider: 'github',
      identity_data: {
        email: 'ayse@github.example',
        provider_token: 'gho_secret',
        avatar_url: 'x',
      },
      created_at: '2026-11-10T10:00:00Z',
      updated_at: '2026-11-10T10:00:00Z',
    },
  ],
  factors: [
    {
      id: 'f1',
      friendly_name: 'Phone',
      factor_type: 'totp',
      status: 'verified',
      created_at: '2026-11-20T12:00:00Z',
      updated_at: '2026-11-20T12:00:00Z',
      secret: 'JBSWY3DPEHPK3PXP',
    },
  ],
} as unknown as User

const data: PortfolioData = {
  portfolios: [
    {
      id: '6a2b3c4d-1111-4222-8333-944445555666',
      name: 'Emeklilik',
      baseCurrency: 'TRY',
      costBasisMethod: 'AVERAGE',
      recordsCash: false,
      transactionCount: 0,
      createdAt: '2026-11-20T12:00:00.000Z',
      updatedAt: '2026-11-20T12:00:00.000Z',
      transactions: [],
    },
  ],
  instruments: [],
  manualPrices: [],
}

const billing: ExportedBilling = {
  plan: 'pro',
  validUntil: '2026-12-28T10:00:00.000Z',
  subscription: {
    status: 'active',
    period: 'monthly',
    currency: 'TRY',
    renewsAt: '2026-12-25T10:00:00.000Z',
    endsAt: null,
    graceUntil: null,
    canceledAt: null,
  },
  invoices: [
    {
      id: 'txn_01h8bxpvx398a7zbawb77y0kp5',
      number: '325-10566',
      billedAt: '2026-11-25T10:00:00.000Z',
      total: '149.00',
      currency: 'TRY',
      refund: null,
    },
  ],
}

describe('accountExportOf', () => {
  const exported = accountExportOf(user, new Date('2026-11-25T10:00:00Z'), data, billing)

  it('holds the account record, its settings, sign-in methods, second factors and portfolio data', () => {
    expect(exported).toEqual({
      format: 'kiymet-account-export',
      version: 2,
      exported_at: '2026-11-25T10:00:00.000Z',
      account: {
        id: '3f0c2a5e-1111-4222-8333-944445555666',
        email: 'ayse@example.com',
        new_email: 'ayse@new.example',
        created_at: '2026-11-01T08:00:00Z',
        email_confirmed_at: '2026-11-01T08:05:00Z',
        last_sign_in_at: '2026-11-25T09:00:00Z',
        user_metadata: { display_name: 'Ayşe', locale: 'tr', base_currency: 'TRY' },
        identities: [
          {
            provider: 'email',
            email: 'ayse@example.com',
            created_at: '2026-11-01T08:00:00Z',
            last_sign_in_at: '2026-11-25T09:00:00Z',
          },
          {
            provider: 'github',
            email: 'ayse@github.example',
            created_at: '2026-11-10T10:00:00Z',
            last_sign_in_at: null,
          },
        ],
        factors: [
          {
            id: 'f1',
            friendly_name: 'Phone',
            factor_type: 'totp',
            status: 'verified',
            created_at: '2026-11-20T12:00:00Z',
          },
        ],
      },
      data,
      billing,
    })
  })

  it('never carries tokens or secrets', () => {
    const text = JSON.stringify(exported)
    expect(text).not.toContain('gho_secret')
    expect(text).not.toContain('JBSWY3DPEHPK3PXP')
    expect(text).not.toMatch(/token/i)
  })

  it('copes with a record without identities, factors or metadata', () => {
    const bare = { ...user, identities: undefined, factors: undefined, user_metadata: undefined }
    const { account } = accountExportOf(bare as unknown as User, new Date(0), data, billing)
    expect(account.identities).toEqual([])
    expect(account.factors).toEqual([])
    expect(account.user_metadata).toEqual({})
  })
})

describe('portfolioDataOf', () => {
  const portfolio = { ...data.portfolios[0], transactions: undefined }
  const transaction = (id: string, tradeDate: string) =>
    ({ id, tradeDate, portfolioId: portfolio.id }) as unknown as Transaction

  it('adds every transaction of each portfolio, page by page, oldest first', async () => {
    const requests: string[] = []
    const pages: Record<string, unknown> = {
      '': {
        transactions: [transaction('c', '2024-03-01'), transaction('b', '2024-02-01')],
        nextCursor: 'next',
      },
      next: { transactions: [transaction('a', '2024-01-01')], nextCursor: null },
    }
    const fetch = async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'https://kiymet.app')
      requests.push(`${url.pathname}${url.search}`)
      const body =
        url.pathname === '/api/export'
          ? { portfolios: [portfolio], instruments: [], manualPrices: [] }
          : pages[url.searchParams.get('cursor') ?? '']
      return new Response(JSON.stringify(body), {
        headers: { 'Content-Type': 'application/json' },
      })
    }
    const api = createApiClient({ locale: () => 'en', fetch: fetch as typeof globalThis.fetch })
    const result = await portfolioDataOf(api)
    expect(result.portfolios[0]?.transactions.map((row) => row.id)).toEqual(['a', 'b', 'c'])
    expect(requests).toEqual([
      '/api/export',
      `/api/portfolios/${portfolio.id}/transactions?limit=500`,
      `/api/portfolios/${portfolio.id}/transactions?limit=500&cursor=next`,
    ])
  })
})

describe('exportFileName', () => {
  it('names the file after the day (UTC)', () => {
    expect(exportFileName(new Date('2026-11-25T23:30:00Z'))).toBe('kiymet-data-2026-11-25.json')
  })
})
