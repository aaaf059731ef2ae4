import { createElement, type ComponentType, type ReactElement } from 'react'
import type { RouteMatch } from '../routes/match-route'

export interface PageProps<Data> {
  match: RouteMatch
  data: Data
}

/** A screen: its component and, optionally, the data it needs before it can render. */
export interface PageDefinition {
  load(match: RouteMatch): Promise<unknown>
  render(match: RouteMatch, data: unknown): ReactElement
}

/**
 * Declares a page so that its loader and component agree on the data type, while the router
 * handles every page alike. The loader runs on the server and again in the browser before
 * hydration, so it must be deterministic for the same route.
 */
export function definePage<Data = undefined>(page: {
  load?: (match: RouteMatch) => Promise<Data>
  Component: ComponentType<PageProps<Data>>
}): PageDefinition {
  return {
    load: (match) => (page.load ? page.load(match) : Promise.resolve(undefined)),
    render: (match, data) => createElement(page.Component, { match, data: data as Data }),
  }
}
