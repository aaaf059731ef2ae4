import type { Locale } from '../i18n/locales'
import type { RouteName } from './route-table'

/**
 * The product's URLs, written out by hand rather than derived from the route table they test,
 * with the params they carry.
 */
export const SAMPLE_ID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b'
export const SAMPLE_PARAMS = {
  id: SAMPLE_ID,
  code: 'THYAO',
  name: 'turk-hava-yollari',
  year: '2025',
}

export const EXPECTED_URLS: Record<RouteName, Record<Locale, string>> = {
  home: { tr: '/', en: '/en', de: '/de' },
  privacy: {
    tr: '/legal/gizlilik-politikasi',
    en: '/en/legal/privacy-policies',
    de: '/de/legal/datenschutzrichtlinien',
  },
  terms: {
    tr: '/legal/kullanim-sartlari',
    en: '/en/legal/terms-of-use',
    de: '/de/legal/nutzungsbedingungen',
  },
  portfolios: { tr: '/portfoyum', en: '/en/portfolio', de: '/de/portfolio' },
  portfolio: {
    tr: `/portfoyum/${SAMPLE_ID}`,
    en: `/en/portfolio/${SAMPLE_ID}`,
    de: `/de/portfolio/${SAMPLE_ID}`,
  },
  transaction: {
    tr: `/portfoyum/${SAMPLE_ID}/transaction-THYAO-turk-hava-yollari`,
    en: `/en/portfolio/${SAMPLE_ID}/transaction-THYAO-turk-hava-yollari`,
    de: `/de/portfolio/${SAMPLE_ID}/transaction-THYAO-turk-hava-yollari`,
  },
  germanTax: {
    tr: `/portfoyum/${SAMPLE_ID}/almanya-vergisi/2025`,
    en: `/en/portfolio/${SAMPLE_ID}/german-tax/2025`,
    de: `/de/portfolio/${SAMPLE_ID}/steuern/2025`,
  },
  turkishTax: {
    tr: `/portfoyum/${SAMPLE_ID}/vergi/2025`,
    en: `/en/portfolio/${SAMPLE_ID}/turkish-tax/2025`,
    de: `/de/portfolio/${SAMPLE_ID}/tuerkische-steuer/2025`,
  },
  pricing: { tr: '/fiyatlandirma', en: '/en/pricing', de: '/de/preise' },
  profile: { tr: '/profil', en: '/en/profile', de: '/de/profil' },
  germanTaxPerson: {
    tr: '/profil/almanya-vergisi/2025',
    en: '/en/profile/german-tax/2025',
    de: '/de/profil/steuern/2025',
  },
  turkishTaxPerson: {
    tr: '/profil/vergi/2025',
    en: '/en/profile/turkish-tax/2025',
    de: '/de/profil/tuerkische-steuer/2025',
  },
}

export const ALL_URLS = Object.values(EXPECTED_URLS).flatMap((byLocale) => Object.values(byLocale))
