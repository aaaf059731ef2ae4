import type { Head } from './head'

/** Marks the head elements a page owns, so the next page can replace exactly those. */
export const HEAD_MARKER = 'data-page-head'

/** Brings the browser's document head in line with a page's head after client navigation. */
export function applyHead(head: Head, document: Document = window.document): void {
  document.documentElement.lang = head.lang
  document.title = head.title
  for (const element of document.head.querySelectorAll(`[${HEAD_MARKER}]`)) element.remove()
  const fragment = document.createDocumentFragment()
  for (const link of head.links) {
    const element = document.createElement('link')
    element.rel = link.rel
    element.href = link.href
    if (link.hreflang) element.hreflang = link.hreflang
    element.setAttribute(HEAD_MARKER, '')
    fragment.append(element)
  }
  for (const meta of head.meta) {
    const element = document.createElement('meta')
    element.setAttribute(meta.key, meta.id)
    element.content = meta.content
    element.setAttribute(HEAD_MARKER, '')
    fragment.append(element)
  }
  document.head.appendChild(fragment)
}
