import { zodResolver } from '@hookform/resolvers/zod'
import { Fragment, useEffect, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { portfolioUpdateSchema, type PortfolioList } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { FormError } from '../../components/form-error'
import { FormField } from '../../components/form-field'
import { useFormSubmit } from '../../components/form-submit'
import { formatNumber } from '../../../shared/i18n/format'
import { buildPath } from '../../../shared/routes/build-path'
import { useUpdatePortfolio } from '../data/portfolio-mutations'
import { portfolioNameError, saveProblemOf } from '../form-errors'
import { ConfirmAction } from './confirm-action'
import { ExplainHost } from '../explain/explained-figure'
import { InstrumentLink } from './instrument-link'
import { LeadFigures } from './portfolio-summary'
import { useErrorMessage } from './query-status'

type ListedPortfolio = PortfolioList['portfolios'][number]

/**
 * One portfolio on the list: the figures its screen leads with (value, the last trading day's
 * change, total return), the holdings without a current price, a link to it, renaming and
 * deleting.
 */
export function PortfolioCard(props: {
  portfolio: ListedPortfolio
  online: boolean
  /** Focus its link when it appears (brought back by "Undo"). */
  focusOnMount?: boolean
  onDelete(portfolio: ListedPortfolio): void
}) {
  const { t, plural, locale, formatLocale } = useI18n()
  const { portfolio } = props
  const { summary, baseCurrency: currency } = portfolio
  const [renaming, setRenaming] = useState(false)
  const headingId = useId()
  const renameButton = useRef<HTMLButtonElement>(null)
  const link = useRef<HTMLAnchorElement>(null)
  const focusOnMount = useRef(props.focusOnMount)
  useEffect(() => {
    if (focusOnMount.current) link.current?.focus()
  }, [])
  const wasRenaming = useRef(false)
  // Saved or cancelled, focus goes back to the button that opened the form.
  useEffect(() => {
    if (!renaming && wasRenaming.current) renameButton.current?.focus()
    wasRenaming.current = renaming
  }, [renaming])
  return (
    <article className="portfolio-card" aria-labelledby={headingId}>
      <header className="portfolio-card__header">
        <h2 id={headingId}>
          <a ref={link} href={buildPath('portfolio', locale, { id: portfolio.id })}>
            {portfolio.name}
          </a>
        </h2>
        <p className="portfolio-card__meta">
          {currency} · {t(`portfolio.common.method.${portfolio.costBasisMethod}`)}
        </p>
      </header>
      {summary ? (
        <ExplainHost portfolioId={portfolio.id}>
          <LeadFigures lead={summary} currency={currency} className="figures" real={summary.real} />
        </ExplainHost>
      ) : (
        <p className="notice notice--warning">
          {portfolio.problem?.message ?? t('portfolio.common.failed')}
        </p>
      )}
      {summary && summary.staleHoldings.length > 0 ? (
        <p className="price-date price-date--stale">
          {plural('portfolio.list.staleHoldings', summary.staleHoldings.length, {
            count: formatNumber(formatLocale, summary.staleHoldings.length),
          })}{' '}
          {summary.staleHoldings.map(({ instrument }, index) => (
            <Fragment key={instrument.id}>
              {index > 0 ? ', ' : null}
              <InstrumentLink portfolioId={portfolio.id} instrument={instrument} />
            </Fragment>
          ))}
        </p>
      ) : null}
      {renaming ? (
        <RenameForm portfolio={portfolio} onDone={() => setRenaming(false)} />
      ) : (
        <div className="portfolio-card__actions">
          <button
            ref={renameButton}
            type="button"
            className="button button--small"
            aria-label={t('portfolio.list.renameOne', { name: portfolio.name })}
            aria-disabled={!props.online}
            onClick={() => props.online && setRenaming(true)}
          >
            {t('portfolio.list.rename')}
          </button>
          <ConfirmAction
            label={t('portfolio.common.delete')}
            labelFor={t('portfolio.list.deleteOne', { name: portfolio.name })}
            question={t('portfolio.list.deleteQuestion', { name: portfolio.name })}
            confirmLabel={t('portfolio.common.delete')}
            disabled={!props.online}
            onConfirm={() => props.onDelete(portfolio)}
          />
        </div>
      )}
    </article>
  )
}

function RenameForm({ portfolio, onDone }: { portfolio: ListedPortfolio; onDone(): void }) {
  const translator = useI18n()
  const { t } = translator
  const update = useUpdatePortfolio()
  const messageOf = useErrorMessage()
  const form = useForm({
    resolver: zodResolver(portfolioUpdateSchema),
    defaultValues: { name: portfolio.name },
  })
  const submit = useFormSubmit(form, {
    problemOf: (reason) => saveProblemOf(translator, reason, messageOf(reason)),
    fields: ['name'],
  })

  return (
    <form
      className="inline-form"
      onSubmit={submit.handle(async (patch) => {
        await update.mutateAsync({ id: portfolio.id, patch })
        onDone()
      })}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone()
      }}
      noValidate
    >
      <FormField
        label={t('portfolio.list.newName')}
        error={portfolioNameError(translator, form.formState.errors.name)}
      >
        {(control) => <input {...control} maxLength={80} autoFocus {...form.register('name')} />}
      </FormField>
      <FormError message={submit.error} />
      <div className="actions">
        <button type="submit" className="button button--primary button--small">
          {t('portfolio.common.save')}
        </button>
        <button type="button" className="button button--small" onClick={onDone}>
          {t('portfolio.common.cancel')}
        </button>
      </div>
    </form>
  )
}
