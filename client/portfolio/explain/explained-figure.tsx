import {
  Suspense,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import type { Explanation } from '../../../shared/api/schemas'
import { figureId, type FigureRef } from '../../../shared/portfolio/figure-ids'
import { onDemand } from '../../app/on-demand'
import { useI18n } from '../../app/i18n-context'
import type { ExplainDates } from '../data/portfolio-queries'

/**
 * A figure to explain: which, what the screen calls it, and the date or range it is of. `given`:
 * its explanation came with the figure (a benchmark's return), so none is asked for.
 */
export interface ExplainRequest {
  figure: string
  title: string
  dates: ExplainDates
  given?: Explanation
}

const ExplanationDialog = onDemand(() =>
  import('./explanation-dialog').then((module) => module.default),
)

interface Host {
  portfolioId: string
  /** The element saying what pressing a figure does, which each figure is described by. */
  hintId: string
  open(request: ExplainRequest): void
}

const HostContext = createContext<Host | null>(null)

/**
 * Where a portfolio's figures can be explained: one dialog for the screen, opened by any
 * {@link Explained} figure inside. Focus goes back to that figure when the dialog closes.
 */
export function ExplainHost(props: { portfolioId: string; children: ReactNode }) {
  const [request, setRequest] = useState<ExplainRequest | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const open = useCallback((next: ExplainRequest) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setRequest(next)
  }, [])
  const hintId = useId()
  const { t } = useI18n()
  const host = useMemo(
    () => ({ portfolioId: props.portfolioId, hintId, open }),
    [props.portfolioId, hintId, open],
  )
  // Once the modal dialog is gone: the page behind it is inert while it is open.
  useEffect(() => {
    if (request !== null) return
    opener.current?.focus()
    opener.current = null
  }, [request])
  return (
    <HostContext.Provider value={host}>
      {props.children}
      <span id={hintId} hidden>
        {t('portfolio.common.explain')}
      </span>
      <Suspense fallback={null}>
        {request ? (
          <ExplanationDialog
            portfolioId={props.portfolioId}
            request={request}
            onClose={() => setRequest(null)}
          />
        ) : null}
      </Suspense>
    </HostContext.Provider>
  )
}

/**
 * A figure that opens its explanation: a button named by the figure, with a dotted line under it,
 * described (for a screen reader) by what pressing it does. Outside an {@link ExplainHost} (a
 * screen without one) the figure stays plain.
 */
export function Explained(props: {
  /** The figure the API explains, or its explanation when it came with the figure. */
  figure: FigureRef | Explanation
  /** What the screen calls the figure, for the dialog's heading. */
  title: string
  dates: ExplainDates
  children: ReactNode
}) {
  const host = useContext(HostContext)
  if (host === null) return <>{props.children}</>
  const { figure, title, dates } = props
  const request: ExplainRequest =
    'steps' in figure
      ? { figure: figure.figure, title, dates, given: figure }
      : { figure: figureId(figure), title, dates }
  return (
    <button
      type="button"
      className="explained"
      aria-haspopup="dialog"
      aria-describedby={host.hintId}
      onPointerEnter={() => void ExplanationDialog.preload()}
      onFocus={() => void ExplanationDialog.preload()}
      onClick={() => host.open(request)}
    >
      {props.children}
    </button>
  )
}
