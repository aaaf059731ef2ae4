/** The base currencies offered when creating a portfolio (the rates table covers these). */
export const BASE_CURRENCIES = ['TRY', 'USD', 'EUR', 'GBP', 'CHF', 'JPY'] as const
