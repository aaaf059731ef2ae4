import { OpenAPIHono } from '@hono/zod-openapi'
import { z } from 'zod'
import {
  germanSalePreviewSchema,
  germanTaxPersonSchema,
  germanTaxViewSchema,
  salePreviewQuerySchema,
  taxYear,
  taxYearListSchema,
  taxYearOverviewSchema,
  taxYearSchema,
  taxYearWriteSchema,
  turkishTaxPersonSchema,
  turkishSalePreviewSchema,
  turkishTaxViewSchema,
  uuid,
} from '../../../shared/api/schemas'
import type { AppEnv } from '../../env'
import { asCaller, type ApiDb } from '../api-database'
import { deleteTaxYear, listTaxYears, putTaxYear, taxYearOverview } from '../store/tax-year-store'
import { portfolioGermanTax, portfolioSalePreview } from '../analysis/german-tax'
import { personGermanTax } from '../analysis/german-tax-person'
import { portfolioTurkishSalePreview, portfolioTurkishTax } from '../analysis/turkish-tax'
import { personTurkishTax } from '../analysis/turkish-tax-person'
import { privateRoute } from './private-route'
import { DATA_ERRORS, errorResponses, idParams, json, jsonBody } from './openapi-shapes'

const tags = ['Taxes']

const portfolioYearParams = z.object({ id: uuid, year: taxYear })
const yearParams = z.object({ year: taxYear })

export const taxYearOverviewRoute = privateRoute({
  method: 'get',
  path: '/tax-years/{year}',
  tags,
  summary: "Each of your portfolios' Freistellungsauftrag and loss certificate of a year",
  description:
    'With the Sparer-Pauschbetrag they share (doubled with joint assessment, as the profile says), what is given and what is left.',
  request: { params: yearParams },
  responses: {
    200: json(taxYearOverviewSchema, 'Portfolios oldest first; a year not recorded reads as 0'),
    ...errorResponses(400, 401, 503),
  },
})

export const listTaxYearsRoute = privateRoute({
  method: 'get',
  path: '/portfolios/{id}/tax-years',
  tags,
  summary: "A portfolio's recorded tax years: Freistellungsauftrag and loss certificate",
  request: { params: idParams },
  responses: {
    200: json(taxYearListSchema, 'Oldest first'),
    ...errorResponses(...DATA_ERRORS),
  },
})

export const putTaxYearRoute = privateRoute({
  method: 'put',
  path: '/portfolios/{id}/tax-years/{year}',
  tags,
  summary: "Record a portfolio's Freistellungsauftrag and loss certificate of a year",
  description:
    "Sent again, nothing changes. A raise that takes the year's Freistellungsaufträge across your portfolios past the Sparer-Pauschbetrag (1,000 €, 2,000 € with joint assessment; 801 € and 1,602 € before 2023) is refused with `422 allowance_exceeded`, whose message names what is left.",
  request: { params: portfolioYearParams, body: jsonBody(taxYearWriteSchema) },
  responses: {
    200: json(taxYearSchema, 'The year as recorded'),
    ...errorResponses(...DATA_ERRORS, 413, 415, 422),
  },
})

export const deleteTaxYearRoute = privateRoute({
  method: 'delete',
  path: '/portfolios/{id}/tax-years/{year}',
  tags,
  summary: "Forget a portfolio's tax year (no Freistellungsauftrag, no loss certificate)",
  request: { params: portfolioYearParams },
  responses: { 204: { description: 'Gone, or never recorded' }, ...errorResponses(...DATA_ERRORS) },
})

export const germanTaxRoute = privateRoute({
  method: 'get',
  path: '/portfolios/{id}/tax/germany/{year}',
  tags,
  summary: "A portfolio's year as a German depot: its capital income and the tax a bank withholds",
  description:
    'An estimate for checking the bank’s figures, not tax advice (docs/tax-germany.md). The portfolio must be in euros (`422 tax_needs_euros`).',
  request: { params: portfolioYearParams },
  responses: {
    200: json(germanTaxViewSchema, 'The year to its end, or to today'),
    ...errorResponses(...DATA_ERRORS, 422),
  },
})

export const germanTaxPersonRoute = privateRoute({
  method: 'get',
  path: '/tax/germany/{year}',
  tags,
  summary:
    'Your year across all your depots: each portfolio in euros as a German depot, and the totals',
  description:
    'With the Sparer-Pauschbetrag given, used and left unused, what the tax return could give back of the tax withheld (§ 32d Abs. 4 EStG), and the depots whose losses a Verlustbescheinigung could offset. An estimate for checking the banks’ figures, not tax advice (docs/tax-germany.md). Portfolios not in euros are named apart, not summed.',
  request: { params: yearParams },
  responses: {
    200: json(germanTaxPersonSchema, 'Depots oldest first; the year to its end, or to today'),
    ...errorResponses(400, 401, 422, 503),
  },
})

export const germanSalePreviewRoute = privateRoute({
  method: 'get',
  path: '/portfolios/{id}/tax/germany/sale-preview',
  tags,
  summary: 'What selling would cost in German tax: its FIFO lots, gain, tax and the units tax-free',
  description:
    'The sale counts after everything else of its year up to its date, with the year’s Freistellungsauftrag and the profile’s church tax. `price` and `fee` are in the instrument’s currency, converted at `fxRate` (euros per unit; default the reference rate of `date`, else `422 fx_rate_needed`). A `date` after your today is refused (`400`, field code `future`); selling more than is held on it, `422 insufficient_quantity` at `quantity`. The portfolio must be in euros (`422 tax_needs_euros`). An estimate, not tax advice.',
  request: { params: idParams, query: salePreviewQuerySchema },
  responses: {
    200: json(germanSalePreviewSchema, 'The sale previewed, in euros'),
    ...errorResponses(...DATA_ERRORS, 422),
  },
})

export const turkishTaxRoute = privateRoute({
  method: 'get',
  path: '/portfolios/{id}/tax/turkey/{year}',
  tags,
  summary:
    "A portfolio's year as the Turkish tax sees it: stopaj withheld, what to declare, the March return",
  description:
    'Each sale and payment of the year in lira at the TCMB buying rates of its own currency, whatever the portfolio’s base currency, computed (Borsa İstanbul shares at 0 %, TEFAS fund stopaj by purchase band, foreign sales indexed by Yİ-ÜFE, dividends) or named as not covered, and the year assessed as if the portfolio were the only income. An estimate, not tax advice (docs/tax-turkey.md). A foreign sale whose Yİ-ÜFE month is not published yet answers `422 missing_price_index`, naming the month.',
  request: { params: portfolioYearParams },
  responses: {
    200: json(turkishTaxViewSchema, 'The year to its end, or to today'),
    ...errorResponses(...DATA_ERRORS, 422),
  },
})

export const turkishTaxPersonRoute = privateRoute({
  method: 'get',
  path: '/tax/turkey/{year}',
  tags,
  summary:
    'Your year across all your portfolios as the Turkish tax sees it: stopaj withheld in each, and your one March return',
  description:
    'Each portfolio (any base currency, in lira at the TCMB buying rates) with its stopaj on fund sales and Turkish dividends, its foreign gains with and without indexation, its foreign dividends and the entries not covered; and all their items assessed together, since the beyanname is the person’s: the declaration tests (GVK 86/1-c, 86/1-d) on the totals, the tariff once, the foreign tax credit of GVK 123. An estimate, not tax advice (docs/tax-turkey.md, rule 14). A foreign sale in any portfolio whose Yİ-ÜFE month is not published yet answers `422 missing_price_index`, naming the month.',
  request: { params: yearParams },
  responses: {
    200: json(turkishTaxPersonSchema, 'Portfolios oldest first; the year to its end, or to today'),
    ...errorResponses(400, 401, 422, 503),
  },
})

export const turkishSalePreviewRoute = privateRoute({
  method: 'get',
  path: '/portfolios/{id}/tax/turkey/sale-preview',
  tags,
  summary:
    'What selling would cause in Turkish tax: its FIFO lots, and the stopaj or the gain to declare',
  description:
    'The sale counts after everything else of its year up to its date, through the year’s own pass: a TEFAS fund’s lots at the stopaj of their purchase bands, a foreign share’s lots indexed by Yİ-ÜFE when it rose 10 % or more and the year’s declared gain and estimated tax without and with it, a Borsa İstanbul share not taxed, or why the sale is not covered. `price` and `fee` are in the instrument’s currency, converted at the TCMB buying rate in force on `date` (`fxRate` is not read). A Yİ-ÜFE month not yet published is estimated with the newest published one and named in `indexEstimate`. A `date` after your today is refused (`400`, field code `future`); selling more than is held on it, `422 insufficient_quantity` at `quantity`. A portfolio in any currency is read in lira (docs/tax-turkey.md, Example 23). An estimate, not tax advice (docs/tax-turkey.md, Examples 24–26).',
  request: { params: idParams, query: salePreviewQuerySchema },
  responses: {
    200: json(turkishSalePreviewSchema, 'The sale previewed, in lira'),
    ...errorResponses(...DATA_ERRORS, 422),
  },
})

/** A portfolio's year as a German depot, for the route and the page's snapshot alike. */
export function readGermanTax(db: ApiDb, params: { id: string; year: number }) {
  return portfolioGermanTax(db.sql, params.id, params.year, db.today, db.tax)
}

/** A portfolio's year as the Turkish tax sees it, for the route and a page's snapshot alike. */
export function readTurkishTax(db: ApiDb, params: { id: string; year: number }) {
  return portfolioTurkishTax(db.sql, params.id, params.year, db.today)
}

/** A person's year across their depots, for the route and the page's snapshot alike. */
export function readGermanTaxPerson(db: ApiDb, params: { year: number }) {
  return personGermanTax(db.sql, params.year, db.today, db.tax)
}

/** A person's Turkish tax year across their portfolios, for the route and the page's snapshot alike. */
export function readTurkishTaxPerson(db: ApiDb, params: { year: number }) {
  return personTurkishTax(db.sql, params.year, db.today)
}

/** The tax settings of portfolios per year, and a year's German and Turkish tax, relative to /api. */
export const taxYearRoutes = new OpenAPIHono<AppEnv>()
  .openapi(taxYearOverviewRoute, async (c) => {
    const { year } = c.req.valid('param')
    const overview = await asCaller(c, (db) =>
      taxYearOverview(db.sql, year, db.tax.jointAssessment),
    )
    return c.json(overview, 200)
  })
  .openapi(listTaxYearsRoute, async (c) => {
    const { id } = c.req.valid('param')
    return c.json({ taxYears: await asCaller(c, (db) => listTaxYears(db.sql, id)) }, 200)
  })
  .openapi(putTaxYearRoute, async (c) => {
    const { id, year } = c.req.valid('param')
    const input = c.req.valid('json')
    const saved = await asCaller(c, (db) =>
      putTaxYear(db.sql, id, year, input, db.tax.jointAssessment),
    )
    return c.json(saved, 200)
  })
  .openapi(deleteTaxYearRoute, async (c) => {
    const { id, year } = c.req.valid('param')
    await asCaller(c, (db) => deleteTaxYear(db.sql, id, year))
    return c.body(null, 204)
  })
  // Before the year's route, whose {year} would take "sale-preview" and refuse it.
  .openapi(germanSalePreviewRoute, async (c) => {
    const { id } = c.req.valid('param')
    const sale = c.req.valid('query')
    const preview = await asCaller(c, (db) =>
      portfolioSalePreview(db.sql, id, sale, db.today, db.tax),
    )
    return c.json(preview, 200)
  })
  .openapi(turkishSalePreviewRoute, async (c) => {
    const { id } = c.req.valid('param')
    const sale = c.req.valid('query')
    const preview = await asCaller(c, (db) =>
      portfolioTurkishSalePreview(db.sql, id, sale, db.today),
    )
    return c.json(preview, 200)
  })
  .openapi(germanTaxRoute, async (c) => {
    const params = c.req.valid('param')
    return c.json(await asCaller(c, (db) => readGermanTax(db, params)), 200)
  })
  .openapi(turkishTaxRoute, async (c) => {
    const params = c.req.valid('param')
    return c.json(await asCaller(c, (db) => readTurkishTax(db, params)), 200)
  })
  .openapi(germanTaxPersonRoute, async (c) => {
    const params = c.req.valid('param')
    return c.json(await asCaller(c, (db) => readGermanTaxPerson(db, params)), 200)
  })
  .openapi(turkishTaxPersonRoute, async (c) => {
    const params = c.req.valid('param')
    return c.json(await asCaller(c, (db) => readTurkishTaxPerson(db, params)), 200)
  })
