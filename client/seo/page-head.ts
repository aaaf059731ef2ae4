import type { AppState } from '../app/app-state'
import { formatNumber } from '../../shared/i18n/format'
import { planLimitParams } from '../../shared/pricing/plans'
import { routeAccess } from '../../shared/routes/route-table'
import { buildHead, type Head } from './head'

/**
 * The head of whatever screen a state shows: page titles come from the locale files; a private
 * screen rendered with its API answers names what it shows (after client-side navigation, the
 * screen names itself once its data arrives: `useDocumentTitle`).
 */
export function headForState(state: AppState, origin: string, path: string): Head {
  const { t } = state.translator
  const { screen } = state
  if (screen.kind === 'error') {
    const key = screen.status === 404 ? 'notFound' : 'error'
    return buildHead({
      match: null,
      locale: state.locale,
      path,
      origin,
      title: t(`pages.${key}.title`),
      description: t(`pages.${key}.description`),
      indexable: false,
    })
  }
  const { name } = screen.match
  const named = screen.api ? screen.page.title?.(screen.match, screen.api.responses, t) : null
  return buildHead({
    match: screen.match,
    locale: state.locale,
    path,
    origin,
    title: named ?? t(`pages.${name}.title`),
    // The pricing page's names the plans' limits, from the plans module.
    description: t(
      `pages.${name}.description`,
      planLimitParams((value) => formatNumber(state.translator.formatLocale, value)),
    ),
    indexable: routeAccess(name) === 'public',
  })
}
