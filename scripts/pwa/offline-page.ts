import type { LocaleInfo } from '../../shared/i18n/locales.ts'
import type { Messages } from '../../shared/i18n/messages.ts'
import { buildPath } from '../../shared/routes/build-path.ts'
import { SITE } from '../../shared/site/site.ts'
import { escapeHtml } from '../../worker/render/html-escape.ts'

/**
 * The page the service worker shows for a page it never saved, when there is no network. Static
 * HTML styled by the app's stylesheet; "Try again" is a link to the same address.
 */
export function renderOfflinePage(locale: LocaleInfo, messages: Messages, css: string[]): string {
  const t = messages.offline
  const home = buildPath('home', locale.code)
  return [
    `<!doctype html><html lang="${locale.iso}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(t.title)}</title>`,
    ...css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '</head><body><div id="root">',
    `<header class="site-header"><div class="site-header__inner"><a class="brand" href="${home}">`,
    '<svg class="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8"></rect><path d="M8 22 L14 14 L18 18 L24 9"></path></svg>',
    `<span class="brand__name">${escapeHtml(SITE.brand)}</span></a></div></header>`,
    '<main id="main"><section class="error-view">',
    `<h1>${escapeHtml(t.heading)}</h1><p>${escapeHtml(t.text)}</p>`,
    `<p class="actions"><a class="button button--primary" href="">${escapeHtml(t.retry)}</a>`,
    `<a class="button" href="${home}">${escapeHtml(t.home)}</a></p>`,
    '</section></main></div></body></html>',
  ].join('')
}
