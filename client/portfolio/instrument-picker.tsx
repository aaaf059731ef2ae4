import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react'
import type { Instrument } from '../../shared/api/schemas/instrument'
import { useI18n } from '../app/i18n-context'
import { InstrumentLookup } from './instrument-lookup'

/** How an instrument reads in the input once chosen. */
export function instrumentLabel(instrument: Pick<Instrument, 'code' | 'name'>): string {
  return `${instrument.code} — ${instrument.name}`
}

/** A fund's category and founder as TEFAS names them, or nothing for anything else. */
function fundDetails(instrument: Pick<Instrument, 'fundCategory' | 'founder'>): string {
  return [instrument.fundCategory, instrument.founder].filter(Boolean).join(' · ')
}

/**
 * One search result: code and name, its exchange and currency, and for a fund its category and
 * founder, so funds of the same name family can be told apart.
 */
export function InstrumentOptionContent({ instrument }: { instrument: Instrument }) {
  const fund = fundDetails(instrument)
  return (
    <>
      <span className="combobox__code">{instrument.code}</span>
      <span className="combobox__name">{instrument.name}</span>
      <span className="combobox__meta">
        {[instrument.exchange, instrument.currency].filter(Boolean).join(' · ')}
      </span>
      {fund ? <span className="combobox__meta">{fund}</span> : null}
    </>
  )
}

type Search =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'done'; query: string; results: Instrument[] }
  | { state: 'failed' }

/** Typing waits this long before searching, so a search runs per pause, not per key. */
const SEARCH_DELAY_MS = 200

export interface InstrumentPickerProps {
  label: string
  hint: string
  required: boolean
  value: Instrument | null
  onChange: (instrument: Instrument | null) => void
  searchInstruments: (query: string) => Promise<Instrument[]>
  error?: string | null
  /** The input, for the form to focus when the choice is missing. */
  inputRef?: Ref<HTMLInputElement>
  onBlur?: () => void
}

/**
 * A combobox (WAI-ARIA 1.2, list autocomplete): type to search, arrows to move through the
 * results, Enter to choose, Escape to close. The focus stays in the input throughout; the
 * active result is announced through aria-activedescendant.
 */
export function InstrumentPicker(props: InstrumentPickerProps) {
  const { t } = useI18n()
  const id = useId()
  const listId = `${id}-list`
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const [text, setText] = useState(props.value ? instrumentLabel(props.value) : '')
  const [search, setSearch] = useState<Search>({ state: 'idle' })
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const latest = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const { value, searchInstruments } = props

  // A choice made elsewhere (a newly defined instrument, an edit) shows in the input.
  useEffect(() => {
    if (value) setText(instrumentLabel(value))
  }, [value])

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )

  const runSearch = (query: string) => {
    if (timer.current) clearTimeout(timer.current)
    const ticket = ++latest.current
    if (query.trim() === '') {
      setSearch({ state: 'idle' })
      return
    }
    setSearch({ state: 'searching' })
    timer.current = setTimeout(() => {
      searchInstruments(query.trim()).then(
        (results) => {
          // An answer to an older query arriving late must not replace a newer one.
          if (ticket !== latest.current) return
          setSearch({ state: 'done', query: query.trim(), results })
          setActive(-1)
        },
        () => {
          if (ticket === latest.current) setSearch({ state: 'failed' })
        },
      )
    }, SEARCH_DELAY_MS)
  }

  const choose = (instrument: Instrument) => {
    setText(instrumentLabel(instrument))
    setOpen(false)
    setActive(-1)
    props.onChange(instrument)
  }

  const results = search.state === 'done' ? search.results : []
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      if (!results.length) return
      const down = event.key === 'ArrowDown'
      setActive((current) => {
        if (current < 0) return down ? 0 : results.length - 1
        return (current + (down ? 1 : -1) + results.length) % results.length
      })
    } else if (event.key === 'Enter' && open && results[active]) {
      // Enter chooses the active result instead of submitting the form.
      event.preventDefault()
      choose(results[active])
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
    }
  }

  const status =
    search.state === 'searching'
      ? t('portfolio.form.instrumentSearching')
      : search.state === 'failed'
        ? t('portfolio.form.instrumentSearchFailed')
        : search.state === 'done' && results.length === 0
          ? t('portfolio.form.instrumentNoResults', { query: search.query })
          : search.state === 'done'
            ? t('portfolio.form.instrumentResults', { count: results.length })
            : ''
  const expanded = open && search.state !== 'idle'
  const described = [props.error ? errorId : null, hintId].filter(Boolean).join(' ')
  const activeId = expanded && results[active] ? `${id}-option-${active}` : undefined

  return (
    <div className="field combobox">
      <label htmlFor={id}>{props.label}</label>
      <div className="combobox__box">
        <input
          id={id}
          ref={props.inputRef}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-required={props.required || undefined}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={described}
          value={text}
          onChange={(event) => {
            const typed = event.currentTarget.value
            setText(typed)
            setOpen(true)
            if (value) props.onChange(null)
            runSearch(typed)
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false)
            props.onBlur?.()
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={props.label}
          className="combobox__list"
          hidden={!expanded}
        >
          {results.map((instrument, index) => (
            <li
              key={instrument.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className="combobox__option"
              // mousedown would move the focus out of the input and close the list first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(instrument)}
              onMouseMove={() => setActive(index)}
            >
              <InstrumentOptionContent instrument={instrument} />
            </li>
          ))}
          {search.state !== 'done' || results.length === 0 ? (
            <li className="combobox__message" aria-hidden="true">
              {status}
            </li>
          ) : null}
        </ul>
      </div>
      <p id={hintId} className="field__hint">
        {value
          ? [value.isin, value.wkn, value.exchange, value.currency, fundDetails(value)]
              .filter(Boolean)
              .join(' · ')
          : props.hint}
      </p>
      <p className="visually-hidden" role="status">
        {open ? status : ''}
      </p>
      {props.error ? (
        <p id={errorId} className="field__error">
          {props.error}
        </p>
      ) : null}
      {/* What the catalog lacks, looked up at the price services and added from their answer. */}
      {search.state === 'done' && !value ? (
        <InstrumentLookup query={search.query} onAdded={choose} />
      ) : null}
    </div>
  )
}
