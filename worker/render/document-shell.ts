import clientAssets from 'virtual:client-assets'
import type { ClientAssets } from 'virtual:client-assets'
import type { AppState, BootPayload } from '../../client/app/app-state'
import { BOOT_ELEMENT_ID } from '../../client/app/boot'
import { messagesSource } from '../../shared/i18n/message-groups'
import { pageSources } from '../../client/pages/page-files'
import { THEME_COLORS, webManifestPath } from '../pwa/web-manifest'
import { HEAD_MARKER } from '../../client/seo/apply-head'
import type { Head } from '../../client/seo/head'
import { escapeHtml, scriptSafeJson } from './html-escape'

/** The sign-in dialog's module (a key of Vite's manifest), preloaded when the URL opens it. */
const AUTH_DIALOG_SOURCE = 'client/auth/auth-dialog.tsx'

/** The chunks a state needs besides the entry: its messages, its page's sources, the dialog. */
function chunksFor(state: AppState, assets: ClientAssets): string[] {
  const keys = state.messageGroups.map((group) => messagesSource(state.locale, group))
  if (state.screen.kind === 'page') keys.push(...pageSources(state.screen.match))
  if (state.session.dialog) keys.push(AUTH_DIALOG_SOURCE)
  return keys.flatMap((key) => assets.chunks[key] ?? [])
}

/** CSS as the text of a <style> element: nothing in it may close the element early. */
function styleSafe(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style')
}

function headTags(head: Head): string {
  const marker = ` ${HEAD_MARKER}`
  const links = head.links.map(
    (link) =>
      `<link rel="${link.rel}"${link.hreflang ? ` hreflang="${escapeHtml(link.hreflang)}"` : ''} href="${escapeHtml(link.href)}"${marker}>`,
  )
  const meta = head.meta.map(
    (tag) =>
      `<meta ${tag.key}="${escapeHtml(tag.id)}" content="${escapeHtml(tag.content)}"${marker}>`,
  )
  return [...links, ...meta].join('')
}

/**
 * How a document carries the stylesheet: `inline`, its whole text in the head (nothing blocks
 * the first paint); `linked`, as links, for a public page that then inlines only the rules its
 * markup uses (critical-css.ts).
 */
export type DocumentStyles = 'inline' | 'linked'

function styleTags(styles: DocumentStyles, nonce: string, assets: ClientAssets): string {
  if (styles === 'linked' && assets.stylesheets.length > 0) {
    return assets.stylesheets
      .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
      .join('')
  }
  return assets.styles ? `<style nonce="${nonce}">${styleSafe(assets.styles)}</style>` : ''
}

/**
 * Everything before the React markup: doctype, the complete head (SEO, styles, preloads) and the
 * opening of the root element. Sent before React renders, so the browser starts fetching early.
 */
export function documentStart(
  head: Head,
  state: AppState,
  nonce: string,
  styles: DocumentStyles = 'inline',
  assets = clientAssets,
): string {
  const preloads = [...new Set([...assets.preload, ...chunksFor(state, assets)])]
  return [
    `<!doctype html><html lang="${escapeHtml(head.lang)}"><head>`,
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(head.title)}</title>`,
    headTags(head),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">',
    `<link rel="manifest" href="${webManifestPath(state.locale)}">`,
    `<meta name="theme-color" content="${THEME_COLORS.light}" media="(prefers-color-scheme: light)">`,
    `<meta name="theme-color" content="${THEME_COLORS.dark}" media="(prefers-color-scheme: dark)">`,
    styleTags(styles, nonce, assets),
    ...preloads.map(
      (href) => `<link rel="modulepreload" href="${escapeHtml(href)}" nonce="${nonce}">`,
    ),
    '</head><body><div id="root">',
  ].join('')
}

/** Everything after the React markup: the boot data and the client entry, both nonce-stamped. */
export function documentEnd(boot: BootPayload, nonce: string, assets = clientAssets): string {
  return [
    '</div>',
    `<script type="application/json" id="${BOOT_ELEMENT_ID}" nonce="${nonce}">${scriptSafeJson(boot)}</script>`,
    ...assets.scripts.map(
      (src) => `<script type="module" src="${escapeHtml(src)}" nonce="${nonce}"></script>`,
    ),
    `<script async src="${escapeHtml(assets.analytics)}" nonce="${nonce}"${assets.dev ? ' type="module"' : ''}></script>`,
    '</body></html>',
  ].join('')
}

export function bootPayload(
  state: AppState,
  supabase: BootPayload['supabase'],
  assets = clientAssets,
): BootPayload {
  const { screen } = state
  return {
    locale: state.locale,
    formats: state.formats,
    year: state.year,
    checkout: state.checkout,
    buildId: assets.buildId,
    session: state.session,
    supabase,
    screen:
      screen.kind === 'page'
        ? { kind: 'page', match: screen.match, api: screen.api }
        : {
            kind: 'error',
            status: screen.status,
            message: screen.message,
            path: screen.path,
            requestId: screen.requestId,
          },
  }
}
