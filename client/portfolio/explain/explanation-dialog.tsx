import { useQuery } from '@tanstack/react-query'
import { Fragment, use, useEffect, useId, useRef, useState } from 'react'
import type { Explanation, ExplanationSource, ExplanationStep } from '../../../shared/api/schemas'
import { formatDate, formatMonth } from '../../../shared/i18n/format'
import type { MessageKey } from '../../../shared/i18n/messages'
import type { Translator } from '../../../shared/i18n/translator'
import { buildPath } from '../../../shared/routes/build-path'
import { groupTexts } from '../../app/group-texts'
import { useI18n } from '../../app/i18n-context'
import { portfolioQueries } from '../data/portfolio-queries'
import type { ExplainRequest } from './explained-figure'
import { labelText, noteText, valueText } from './step-text'

/** Steps shown before "show all": a sum over years of dividends can have hundreds. */
const FIRST_STEPS = 60

/** The sign of each operation; rounding shows as ≈, the step's label says how. */
const OP_SIGNS = {
  plus: '+',
  minus: '−',
  times: '×',
  divide: '÷',
  power: '^',
  atMost: '≤',
  atLeast: '≥',
  roundHalfUp: '≈',
  floor: '≈',
} as const

interface Props {
  portfolioId: string
  request: ExplainRequest
  onClose(): void
}

/**
 * How a figure was calculated, as the engine recorded it: the formula in words, each step with
 * its value and where it comes from (linked to where it can be changed), the result, and notes.
 * A step that is a figure of its own opens its explanation in place, with a way back. A modal
 * `<dialog>`: Escape closes it; focus moves to the heading of each explanation shown.
 */
export default function ExplanationDialog(props: Props) {
  const app = useI18n()
  // The dialog's own texts, in their own chunk: loaded the first time a dialog opens.
  const texts = use(groupTexts(app, 'explain'))
  const element = useRef<HTMLDialogElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const headingId = useId()
  const [trail, setTrail] = useState<ExplainRequest[]>([props.request])
  const current = trail[trail.length - 1] ?? props.request
  const previous = trail.length > 1 ? trail[trail.length - 2] : undefined
  const query = useQuery({
    ...portfolioQueries.explanation(props.portfolioId, current.figure, current.dates),
    enabled: current.given === undefined,
  })

  useEffect(() => {
    element.current?.showModal()
  }, [])
  useEffect(() => {
    heading.current?.focus()
  }, [trail])

  // The typed client's JSON types stop at a few levels of nesting; the route's schema is this.
  const explanation = current.given ?? (query.data?.body as Explanation | undefined)
  return (
    <dialog
      ref={element}
      className="explain-dialog"
      aria-labelledby={headingId}
      onCancel={(event) => {
        event.preventDefault()
        props.onClose()
      }}
    >
      <div className="explain-dialog__header">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {texts.t('explain.title', { figure: current.title })}
        </h2>
        <button
          type="button"
          className="explain-dialog__close"
          aria-label={texts.t('explain.close')}
          onClick={props.onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="explain-dialog__body">
        {previous ? (
          <button
            type="button"
            className="button--link explain-dialog__back"
            onClick={() => setTrail((list) => list.slice(0, -1))}
          >
            <span aria-hidden="true">← </span>
            {texts.t('explain.back', { figure: previous.title })}
          </button>
        ) : null}
        {explanation ? (
          <ExplanationView
            // Each figure shown anew: its first steps, not all those of the one before.
            key={current.figure}
            explanation={explanation}
            dates={current.dates}
            texts={texts}
            portfolioId={props.portfolioId}
            onExplain={(figure, title) =>
              setTrail((list) => [...list, { ...current, figure, title }])
            }
          />
        ) : query.isError ? (
          <div role="alert">
            <p>{texts.t('explain.failed')}</p>
            <button type="button" className="button" onClick={() => void query.refetch()}>
              {texts.t('explain.retry')}
            </button>
          </div>
        ) : (
          <p role="status" className="muted">
            {texts.t('explain.loading')}
          </p>
        )}
      </div>
    </dialog>
  )
}

function ExplanationView(props: {
  explanation: Explanation
  dates: ExplainRequest['dates']
  texts: Translator
  portfolioId: string
  onExplain(figure: string, title: string): void
}) {
  const app = useI18n()
  const { explanation, texts } = props
  const [all, setAll] = useState(false)
  const steps = all ? explanation.steps : explanation.steps.slice(0, FIRST_STEPS)
  return (
    <>
      <p className="explain-dialog__formula">
        {texts.t(`explain.formula.${explanation.formula}` as MessageKey)}
      </p>
      {'asOf' in props.dates ? (
        <p className="muted">
          {texts.t('explain.asOf', {
            date: formatDate(app.formatLocale, props.dates.asOf),
            currency: explanation.baseCurrency,
          })}
        </p>
      ) : null}
      <StepTable
        steps={steps}
        explanation={explanation}
        texts={texts}
        portfolioId={props.portfolioId}
        onExplain={props.onExplain}
        result={{
          label: texts.t('explain.result'),
          value: valueText(app, explanation.value, explanation.kind, explanation.currency),
        }}
      />
      {steps.length < explanation.steps.length ? (
        <button type="button" className="button--link" onClick={() => setAll(true)}>
          {texts.t('explain.showAll', { count: String(explanation.steps.length) })}
        </button>
      ) : null}
      {explanation.notes.length > 0 ? (
        <ul className="explain-dialog__notes">
          {explanation.notes.map((note, index) => (
            <li key={index}>{noteText(app, texts, note, explanation.baseCurrency)}</li>
          ))}
        </ul>
      ) : null}
    </>
  )
}

/**
 * The steps as rows: the operation, what the step is (and where from), its value; then the
 * result. A step's parts open in a row of their own under it, as wide as its label and value
 * together: nested two deep they still fit a phone's width.
 */
function StepTable(props: {
  steps: ExplanationStep[]
  explanation: Explanation
  texts: Translator
  portfolioId: string
  onExplain(figure: string, title: string): void
  result?: { label: string; value: string }
}) {
  const app = useI18n()
  const { texts, explanation } = props
  return (
    <table className="explain-steps">
      <caption className="visually-hidden">{texts.t('explain.stepsCaption')}</caption>
      <tbody>
        {props.steps.map((step, index) => {
          const label = labelText(app, texts, step, explanation)
          const figure = step.figure
          return (
            <Fragment key={index}>
              <tr className={step.parts ? 'explain-steps__with-parts' : undefined}>
                <td className="explain-steps__op">
                  {step.op ? (
                    <>
                      <span aria-hidden="true">{OP_SIGNS[step.op]}</span>
                      <span className="visually-hidden">{texts.t(`explain.ops.${step.op}`)}</span>
                    </>
                  ) : null}
                </td>
                <th scope="row" className="explain-steps__label">
                  {figure ? (
                    <button
                      type="button"
                      className="button--link"
                      onClick={() => props.onExplain(figure, label)}
                    >
                      {label}
                    </button>
                  ) : (
                    label
                  )}
                  {step.source ? (
                    <SourceLink
                      source={step.source}
                      explanation={explanation}
                      texts={texts}
                      portfolioId={props.portfolioId}
                    />
                  ) : null}
                </th>
                <td className="explain-steps__value">
                  {valueText(app, step.value, step.kind, step.currency)}
                </td>
              </tr>
              {step.parts ? (
                <tr className="explain-steps__parts-row">
                  <td />
                  <td colSpan={2}>
                    <details className="explain-steps__parts">
                      <summary>{texts.t('explain.partsSummary')}</summary>
                      <StepTable
                        steps={step.parts.steps}
                        explanation={explanation}
                        texts={texts}
                        portfolioId={props.portfolioId}
                        onExplain={props.onExplain}
                      />
                    </details>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          )
        })}
      </tbody>
      {props.result ? (
        <tfoot>
          <tr>
            <td className="explain-steps__op" aria-hidden="true">
              =
            </td>
            <th scope="row">{props.result.label}</th>
            <td className="explain-steps__value">{props.result.value}</td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  )
}

/** Where a step's value comes from, linked to where it can be changed. */
function SourceLink(props: {
  source: ExplanationSource
  explanation: Explanation
  texts: Translator
  portfolioId: string
}) {
  const { locale, formatLocale, t } = useI18n()
  const { source, texts } = props
  // The tax's own sources: a rate the law sets for a year, a setting in the profile.
  if (source.kind === 'basiszins') {
    return (
      <span className="explain-steps__source">
        {texts.t('explain.source.basiszins', { year: String(source.year) })}
      </span>
    )
  }
  // An index's value for a month: the month and whether it is published yet.
  if (source.kind === 'priceIndex') {
    const params = {
      index: t(`portfolio.measure.indexes.${source.index}` as MessageKey),
      month: formatMonth(formatLocale, source.month),
    }
    return (
      <span className="explain-steps__source">
        {texts.t(
          source.provisional ? 'explain.source.priceIndexProvisional' : 'explain.source.priceIndex',
          params,
        )}
      </span>
    )
  }
  if (source.kind === 'taxSetting') {
    return (
      <a className="explain-steps__source" href={`${buildPath('profile', locale)}#taxes`}>
        {texts.t('explain.edit')}
        <span className="visually-hidden">: {texts.t('explain.source.taxSettings')}</span>
      </a>
    )
  }
  const date = formatDate(formatLocale, source.date)
  // An instrument's transactions and prices are on its screen; the others on the portfolio's.
  const instrumentScreen = (id: string | null, section: string) => {
    const instrument = id === null ? undefined : props.explanation.instruments[id]
    if (!instrument) {
      return `${buildPath('portfolio', locale, { id: props.portfolioId })}#transactions-heading`
    }
    const path = buildPath('transaction', locale, {
      id: props.portfolioId,
      code: instrument.code,
      name: instrument.slug,
    })
    return `${path}#${section}`
  }
  switch (source.kind) {
    case 'transaction':
      return (
        <a
          className="explain-steps__source"
          href={instrumentScreen(source.instrumentId, `transaction-${source.transactionId}`)}
        >
          {texts.t('explain.edit')}
          <span className="visually-hidden">
            : {t(`portfolio.form.types.${source.type}` as MessageKey)}, {date}
          </span>
        </a>
      )
    case 'price':
      return (
        <a
          className="explain-steps__source"
          href={instrumentScreen(source.instrumentId, 'prices-heading')}
        >
          {texts.t(`explain.source.price.${source.origin}`, { date })}
        </a>
      )
    case 'fxRate':
      return (
        <span className="explain-steps__source">
          {texts.t(`explain.source.fxRate.${source.origin}`, { date })}
        </span>
      )
  }
}
