import { useId, useState } from 'react'
import { ApiError } from '../api/api-client'
import type { Instrument, LookupCandidate } from '../../shared/api/schemas'
import { useI18n } from '../app/i18n-context'
import type { Translator } from '../../shared/i18n/translator'
import { OfflineError } from '../api/api-client'
import { useAddLookedUp } from './data/portfolio-mutations'
import { useInstrumentLookup } from './data/portfolio-queries'

/** A candidate's exchange, currency and the service that prices it (`XETRA · EUR · Yahoo Finance`). */
export function candidateDetails(t: Translator['t'], candidate: LookupCandidate): string {
  return [candidate.exchange, candidate.currency, t(`quotes.providers.${candidate.provider}`)]
    .filter(Boolean)
    .join(' · ')
}

/** Why a lookup or an addition failed, in the API's words where it gave some. */
function failureText(t: Translator['t'], error: unknown): string {
  if (error instanceof ApiError) return error.message
  if (error instanceof OfflineError) return t('portfolio.offline.refused')
  return t('portfolio.form.failed')
}

export interface LookupCandidatesProps {
  candidates: readonly LookupCandidate[]
  /** The candidate being added, if any: no other may be chosen meanwhile. */
  adding: LookupCandidate | null
  onAdd: (candidate: LookupCandidate) => void
}

/** The instruments the price services list: code, name, exchange and currency, and an Add button. */
export function LookupCandidates(props: LookupCandidatesProps) {
  const { t } = useI18n()
  return (
    <ul className="instrument-lookup__list">
      {props.candidates.map((candidate) => {
        const details = candidateDetails(t, candidate)
        return (
          <li key={`${candidate.provider}:${candidate.symbol}`} className="instrument-lookup__item">
            <span className="combobox__code">{candidate.code}</span>
            <span className="combobox__name">{candidate.name}</span>
            <span className="combobox__meta">{details}</span>
            <button
              type="button"
              className="button button--small"
              aria-label={t('portfolio.form.lookup.addLabel', { code: candidate.code, details })}
              // It stays focusable while another is added (aria-disabled); a press does nothing.
              aria-disabled={props.adding !== null || undefined}
              onClick={() => {
                if (props.adding === null) props.onAdd(candidate)
              }}
            >
              {t('portfolio.form.lookup.add')}
            </button>
          </li>
        )
      })}
    </ul>
  )
}

export interface InstrumentLookupProps {
  /** What was typed in the instrument search. */
  query: string
  /** The instrument added to the catalog (or found there), to choose it. */
  onAdded: (instrument: Instrument) => void
}

/**
 * For an instrument the catalog lacks: asks the price services (Yahoo Finance, CoinGecko) about
 * what was typed once the user wants it, lists what they know, and adds the one chosen to the
 * shared catalog, so a listed instrument never has to be defined by hand. Progress and failures
 * are announced in a status line.
 */
export function InstrumentLookup(props: InstrumentLookupProps) {
  const { t } = useI18n()
  const headingId = useId()
  const [asked, setAsked] = useState<string | null>(null)
  const asking = asked !== null && asked === props.query
  const lookup = useInstrumentLookup(asking ? props.query : null)
  const add = useAddLookedUp()
  const adding = add.isPending ? (add.variables ?? null) : null
  const list = lookup.data?.body

  if (!asking) {
    return (
      <div className="instrument-lookup">
        <button
          type="button"
          className="button button--link"
          onClick={() => {
            add.reset()
            setAsked(props.query)
          }}
        >
          {t('portfolio.form.lookup.offer')}
        </button>
        <p className="field__hint">{t('portfolio.form.lookup.hint', { query: props.query })}</p>
      </div>
    )
  }

  const missing = list?.unavailable.map((provider) => t(`quotes.providers.${provider}`)).join(', ')
  const status = adding
    ? t('portfolio.form.lookup.adding', { code: adding.code })
    : add.isError
      ? failureText(t, add.error)
      : lookup.isPending
        ? t('portfolio.form.lookup.asking')
        : lookup.isError
          ? failureText(t, lookup.error)
          : list?.candidates.length === 0
            ? t('portfolio.form.lookup.none', { query: props.query })
            : missing
              ? t('portfolio.form.lookup.partly', { service: missing })
              : ''
  return (
    <div className="instrument-lookup" role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="instrument-lookup__heading">
        {t('portfolio.form.lookup.heading')}
      </h3>
      {list && list.candidates.length > 0 ? (
        <LookupCandidates
          candidates={list.candidates}
          adding={adding}
          onAdd={(candidate) => add.mutate(candidate, { onSuccess: props.onAdded })}
        />
      ) : null}
      <p className="field__hint" role="status">
        {status}
      </p>
    </div>
  )
}
