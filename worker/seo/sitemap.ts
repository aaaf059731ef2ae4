import { escapeHtml } from '../render/html-escape'
import { publicUrls } from './public-urls'

/** sitemap.xml with hreflang alternates (Google's xhtml:link form). */
export function renderSitemap(origin: string): string {
  const entries = publicUrls(origin).map((url) => {
    const links = url.alternates
      .map(
        (a) =>
          `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}"/>`,
      )
      .join('')
    return `<url><loc>${escapeHtml(url.loc)}</loc>${links}</url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n')
}

/**
 * robots.txt: everything may be crawled (private screens carry noindex, which crawlers can only
 * see if they may fetch the page), and the sitemap is announced.
 */
export function renderRobots(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`
}
