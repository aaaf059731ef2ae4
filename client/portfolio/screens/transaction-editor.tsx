import type {
  FxRate,
  Instrument,
  InstrumentCreate,
  Portfolio,
  Transaction,
  TransactionWrite,
} from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { ApiError } from '../../api/api-client'
import { apiGet, apiSend, OfflineError } from '../data/api-request'
import { useTransactionMutations } from '../data/portfolio-mutations'
import { TransactionForm } from '../transaction-form'

/** The form reads the API's error body; a request that never left the device says so too. */
function asApiError(reason: unknown, offlineMessage: string): unknown {
  if (reason instanceof ApiError) {
    return { error: { code: reason.code, message: reason.message, fields: reason.fields } }
  }
  if (reason instanceof OfflineError) return { error: { code: 'offline', message: offlineMessage } }
  return reason
}

async function searchInstruments(query: string): Promise<Instrument[]> {
  const path = `/api/instruments?${new URLSearchParams({ q: query }).toString()}`
  return (await apiGet<{ instruments: Instrument[] }>(path)).body.instruments
}

async function lookupFx(base: string, quote: string, date: string): Promise<FxRate | null> {
  const path = `/api/fx?${new URLSearchParams({ base, quote, date }).toString()}`
  try {
    return (await apiGet<FxRate>(path)).body
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
  today: string
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
      today={props.today}
      onSubmit={save}
      onCancel={() => props.onDone(false)}
      searchInstruments={searchInstruments}
      createInstrument={(input: InstrumentCreate) =>
        apiSend<Instrument>('POST', '/api/instruments', input).then(
          (created) => created ?? Promise.reject(new Error('empty answer')),
          refuse,
        )
      }
      lookupFx={lookupFx}
    />
  )
}
