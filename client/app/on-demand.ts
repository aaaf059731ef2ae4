import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/** A component whose code loads when it is first shown; `preload` starts that early. */
export type OnDemand<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts the download (say, as the pointer reaches the button that opens it); once only. */
  preload(): Promise<unknown>
}

/**
 * A part of a screen whose code loads the first time it is shown, not with the screen: a form or
 * a dialog that opens when asked. Render it inside a Suspense boundary, whose fallback stands in
 * while the code arrives. Only for parts the server does not render: the server would wait for
 * the code, or stream the fallback first. A failed download reaches the nearest error boundary,
 * as a page's own code does.
 *
 * @example
 * const ImportDialog = onDemand(() => import('./import-dialog').then((module) => module.default))
 * <Suspense fallback={null}>{open ? <ImportDialog … /> : null}</Suspense>
 */
export function onDemand<P>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const preload = () => (loading ??= load().then((component) => ({ default: component })))
  return Object.assign(lazy(preload), { preload })
}
