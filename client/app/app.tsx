import { lazy, Suspense } from 'react'
import { PrivateGate } from '../auth/private-gate'
import { SessionContext } from '../auth/user-store'
import { ErrorBoundary } from '../components/error-boundary'
import { ErrorView, InternalErrorView } from '../components/error-view'
import { PageNotice } from '../components/page-notice'
import { SiteFooter } from '../components/site-footer'
import { SiteHeader } from '../components/site-header'
import type { AppState } from './app-state'
import { CheckoutContext } from './checkout-context'
import { FormatsContext } from './formats-context'
import { HydrationMarker } from './hydration-marker'
import { I18nContext } from './i18n-context'
import { RouteContext } from './route-context'
import { routeAccess } from '../../shared/routes/route-table'

// The dialog's code loads when a URL first opens it, never with the landing page.
const AuthDialog = lazy(() => import('../auth/auth-dialog'))

/** The default layout around every screen; rendered by the worker and hydrated in the browser. */
export function App({ state }: { state: AppState }) {
  const { screen, translator } = state
  const match = screen.kind === 'page' ? screen.match : null
  const resetKey = screen.kind === 'page' ? JSON.stringify(screen.match) : screen.path
  const { dialog } = state.session
  return (
    <I18nContext value={translator}>
      <FormatsContext value={state.formats}>
        <SessionContext value={state.session}>
          <RouteContext value={match}>
            <CheckoutContext value={state.checkout}>
              <a className="skip-link" href="#main">
                {translator.t('layout.skipToContent')}
              </a>
              <SiteHeader />
              <main id="main" tabIndex={-1}>
                <PageNotice />
                <ErrorBoundary resetKey={resetKey} fallback={<InternalErrorView path={resetKey} />}>
                  {screen.kind === 'page' && routeAccess(screen.match.name) === 'private' ? (
                    <PrivateGate match={screen.match}>
                      {screen.page.render(screen.match, screen.data, screen.api)}
                    </PrivateGate>
                  ) : screen.kind === 'page' ? (
                    screen.page.render(screen.match, screen.data, screen.api)
                  ) : (
                    <ErrorView error={screen} />
                  )}
                </ErrorBoundary>
              </main>
              <SiteFooter year={state.year} />
              {dialog ? (
                <Suspense fallback={null}>
                  <AuthDialog dialog={dialog} />
                </Suspense>
              ) : null}
              <HydrationMarker />
            </CheckoutContext>
          </RouteContext>
        </SessionContext>
      </FormatsContext>
    </I18nContext>
  )
}
