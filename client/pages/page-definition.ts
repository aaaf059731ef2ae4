import { createElement, type ComponentType, type ReactElement } from 'react'
import type { ApiSnapshotPaths, ApiSnapshot } from '../../shared/api/api-snapshot'
import type { Translator } from '../../shared/i18n/translator'
import type { RouteMatch } from '../../shared/routes/match-route'

export interface PageProps<Data> {
  match: RouteMatch
  data: Data
  /** The API answers the server rendered a private screen with; null after client navigation. */
  api: ApiSnapshot | null
}

/**
 * A private screen's own title, naming what it shows (a portfolio, an instrument), from the API
 * answers it was rendered with; null while they do not tell, and the route's title stands.
 */
export type ScreenTitle = (
  match: RouteMatch,
  loaded: Readonly<Record<string, unknown>>,
  t: Translator['t'],
) => string | null

/** A screen: its component and, optionally, the data it needs before it can render. */
export interface PageDefinition {
  load(match: RouteMatch): Promise<unknown>
  /** The API GET paths a private screen shows, read by the worker for its signed-in user. */
  apiSnapshot: ApiSnapshotPaths | null
  title: ScreenTitle | null
  render(match: RouteMatch, data: unknown, api: ApiSnapshot | null): ReactElement
}

/**
 * Declares a page so that its loader and component agree on the data type, while the router
 * handles every page alike. The loader runs on the server and again in the browser before
 * hydration, so it must be deterministic for the same route. A private screen's user data comes
 * from the API instead: `apiSnapshot` names the paths, the worker reads them for the page's user and
 * the browser hydrates with the same answers.
 */
export function definePage<Data = undefined>(page: {
  load?: (match: RouteMatch) => Promise<Data>
  apiSnapshot?: ApiSnapshotPaths
  title?: ScreenTitle
  Component: ComponentType<PageProps<Data>>
}): PageDefinition {
  return {
    load: (match) => (page.load ? page.load(match) : Promise.resolve(undefined)),
    apiSnapshot: page.apiSnapshot ?? null,
    title: page.title ?? null,
    render: (match, data, api) => createElement(page.Component, { match, data: data as Data, api }),
  }
}
