import type {
  FxRate,
  Instrument,
  InstrumentCreate,
  Portfolio,
  Transaction,
  TransactionWrite,
} from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { ApiError, apiData, OfflineError } from '../../api/api-client'
import { api } from '../../api/browser-api'
import { useTransactionMutations } from '../data/portfolio-mutations'
import { TransactionForm } from '../transaction-form'

/** The form reads the API's error body; a request that never left the device says so too. */
function asApiError(reason: unknown, offlineMessage: string): unknown {
  if (reason instanceof OfflineError) return { error: { code: 'offline', message: offlineMessage } }
  if (reason instanceof ApiError) {
    return { error: { code: reason.code, message: reason.message, fields: reason.fields } }
  }
  return reason
}

async function searchInstruments(query: string): Promise<Instrument[]> {
  return (await apiData(api.api.instruments.$get({ query: { q: query } }))).instruments
}

async function lookupFx(base: string, quote: string, date: string): Promise<FxRate | null> {
  try {
    return await apiData(api.api.fx.$get({ query: { base, quote, date } }))
  } catch (error) {
    // No published rate for that pair and day: the user types their broker's.
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

/**
 * Adds or edits one transaction with the shared form, saving through the API; the portfolio's
 * figures are refreshed once it is saved.
 */
export function TransactionEditor(props: {
  portfolio: Portfolio
  initial?: Transaction
  onDone(saved: boolean): void
}) {
  const { t } = useI18n()
  const { create, update } = useTransactionMutations(props.portfolio.id)
  const offline = t('portfolio.offline.refused')
  const refuse = (reason: unknown) => Promise.reject(asApiError(reason, offline))

  async function save(transaction: TransactionWrite): Promise<void> {
    const { initial } = props
    const saving = initial
      ? update.mutateAsync({ id: initial.id, transaction })
      : create.mutateAsync(transaction)
    await saving.catch(refuse)
    props.onDone(true)
  }

  return (
    <TransactionForm
      portfolio={props.portfolio}
      initial={props.initial}
      onSubmit={save}
      onCancel={() => props.onDone(false)}
      searchInstruments={searchInstruments}
      createInstrument={(input: InstrumentCreate) =>
        apiData(api.api.instruments.$post({ json: input })).catch(refuse)
      }
      lookupFx={lookupFx}
    />
  )
}
