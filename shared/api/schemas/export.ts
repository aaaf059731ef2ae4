import { z } from 'zod'
import { isoDate, timestamp, uuid } from './common'
import { instrumentSchema } from './instrument'
import { portfolioSchema } from './portfolio'

/**
 * Everything a user keeps in the product but the transactions, for "Download my data": their
 * portfolios, the instruments they defined and the prices they entered by hand. The transactions
 * come page by page (`GET /api/portfolios/{id}/transactions`): a Pro account may hold a million,
 * more than one request could gather.
 */
export const dataExportSchema = z.object({
  portfolios: z.array(portfolioSchema),
  instruments: z.array(instrumentSchema.extend({ createdAt: timestamp })),
  manualPrices: z.array(
    z.object({ instrumentId: uuid, date: isoDate, close: z.string(), updatedAt: timestamp }),
  ),
})
export type DataExport = z.infer<typeof dataExportSchema>
