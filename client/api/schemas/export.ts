import { z } from 'zod'
import { isoDate, timestamp, uuid } from './common'
import { instrumentSchema } from './instrument'
import { portfolioSchema } from './portfolio'
import { transactionSchema } from './transaction'

/**
 * Everything a user keeps in the product, for "Download my data": their portfolios with every
 * transaction, the instruments they defined and the prices they entered by hand.
 */
export const dataExportSchema = z.object({
  portfolios: z.array(portfolioSchema.extend({ transactions: z.array(transactionSchema) })),
  instruments: z.array(instrumentSchema.extend({ createdAt: timestamp })),
  manualPrices: z.array(
    z.object({ instrumentId: uuid, date: isoDate, close: z.string(), updatedAt: timestamp }),
  ),
})
export type DataExport = z.infer<typeof dataExportSchema>
