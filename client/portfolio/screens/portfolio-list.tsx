import { useEffect, useRef, useState } from 'react'
import { useI18n } from '../../app/i18n-context'
import { buildPath } from '../../../shared/routes/build-path'
import { navigateTo } from '../../navigation/router'
import { useDeletePortfolio } from '../data/portfolio-mutations'
import { useOnline, usePortfolioList } from '../data/portfolio-queries'
import { CreatePortfolioForm } from './create-portfolio-form'
import { useDeferredDelete } from './deferred-delete'
import { listedPortfolios } from './listed-portfolios'
import { OfflineNotice } from './offline-notice'
import { PortfolioCard } from './portfolio-card'
import { QueryStatus, useErrorMessage } from './query-status'

/** The list screen: a card per portfolio, creating one, and the plan's limit. */
export function PortfolioListScreen() {
  const { t, locale } = useI18n()
  const query = usePortfolioList()
  const online = useOnline()
  const [creating, setCreating] = useState(false)
  const remove = useDeletePortfolio()
  const messageOf = useErrorMessage()
  const deferred = useDeferredDelete<{ id: string; name: string }>((item) => remove.mutate(item.id))
  const createButton = useRef<HTMLButtonElement>(null)
  const undoButton = useRef<HTMLButtonElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  /** The portfolio brought back by "Undo": its card takes focus as it returns. */
  const [restored, setRestored] = useState<string | null>(null)

  const wasPending = useRef(false)

  useEffect(() => {
    if (deferred.pending) undoButton.current?.focus()
    // The undo bar went away with focus in it (the window passed): keep focus on the screen.
    else if (wasPending.current && document.activeElement === document.body) {
      heading.current?.focus()
    }
    wasPending.current = deferred.pending !== null
  }, [deferred.pending])

  const list = query.data?.body
  // Waiting for "Undo", or sent and not yet gone from the list the API answers.
  const leaving = new Set<string>()
  if (deferred.pending) leaving.add(deferred.pending.id)
  if (remove.isPending) leaving.add(remove.variables)
  const { portfolios, limitReached } = list
    ? listedPortfolios(list, leaving)
    : { portfolios: [], limitReached: null }
  const atLimit = limitReached !== null
  /** A new one counts against the plan only once the one being deleted is gone: it goes now. */
  const startCreating = () => {
    if (!online) return
    deferred.now()
    setCreating(true)
  }

  return (
    <div className="portfolio-screen">
      <header className="screen-header">
        <h1 id="page-heading" tabIndex={-1} ref={heading}>
          {t('portfolio.list.heading')}
        </h1>
        {list && !creating && !atLimit ? (
          <button
            ref={createButton}
            type="button"
            className="button button--primary"
            aria-disabled={!online}
            onClick={startCreating}
          >
            {t('portfolio.list.create.open')}
          </button>
        ) : null}
      </header>
      <OfflineNotice fetched={[query.data]} />
      {!online ? <p className="muted">{t('portfolio.offline.readOnly')}</p> : null}
      {limitReached !== null ? (
        <p className="notice plan-limit">
          {t('portfolio.list.limitReached', { count: limitReached })}{' '}
          <a href={buildPath('pricing', locale)}>{t('portfolio.list.seePlans')}</a>
        </p>
      ) : null}
      {creating ? (
        <CreatePortfolioForm
          onCancel={() => {
            setCreating(false)
            requestAnimationFrame(() => createButton.current?.focus())
          }}
          onCreated={(portfolio) => {
            setCreating(false)
            navigateTo(buildPath('portfolio', locale, { id: portfolio.id }))
          }}
        />
      ) : null}
      {remove.isError ? (
        <p className="notice notice--error" role="alert">
          {messageOf(remove.error)}
        </p>
      ) : null}
      {deferred.pending ? (
        <div className="undo-bar" role="status">
          <span>{t('portfolio.list.deleted', { name: deferred.pending.name })}</span>
          <button
            ref={undoButton}
            type="button"
            className="button button--small"
            onClick={() => {
              setRestored(deferred.pending?.id ?? null)
              deferred.undo()
            }}
          >
            {t('portfolio.common.undo')}
          </button>
        </div>
      ) : null}
      {!list ? (
        <QueryStatus query={query} />
      ) : portfolios.length === 0 && !creating ? (
        <EmptyState onCreate={startCreating} online={online} />
      ) : (
        <div className="portfolio-cards">
          {portfolios.map((portfolio) => (
            <PortfolioCard
              key={portfolio.id}
              portfolio={portfolio}
              online={online}
              focusOnMount={portfolio.id === restored}
              onDelete={(item) => deferred.schedule({ id: item.id, name: item.name })}
            />
          ))}
        </div>
      )}
    </div>
  )
}

/** No portfolio yet: what the screen is for and the three steps to start. */
function EmptyState({ onCreate, online }: { onCreate(): void; online: boolean }) {
  const { t } = useI18n()
  return (
    <section className="empty-state" aria-labelledby="empty-heading">
      <h2 id="empty-heading">{t('portfolio.list.empty.heading')}</h2>
      <ol>
        <li>{t('portfolio.list.empty.step1')}</li>
        <li>{t('portfolio.list.empty.step2')}</li>
        <li>{t('portfolio.list.empty.step3')}</li>
      </ol>
      <button
        type="button"
        className="button button--primary"
        aria-disabled={!online}
        onClick={onCreate}
      >
        {t('portfolio.list.create.first')}
      </button>
    </section>
  )
}
