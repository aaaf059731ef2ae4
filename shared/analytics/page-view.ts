/**
 * What one page view record says: nothing about the person. Shared by the browser script and the
 * worker's endpoint, which validates every beacon against it.
 */
export const ANALYTICS_ENDPOINT = '/api/analytics'

/** Screen widths in five coarse classes; exact sizes would help fingerprinting. */
export const WIDTH_BUCKETS = [
  { name: 'xs', below: 480 },
  { name: 's', below: 768 },
  { name: 'm', below: 1024 },
  { name: 'l', below: 1440 },
  { name: 'xl', below: Number.POSITIVE_INFINITY },
] as const

export type WidthBucket = (typeof WIDTH_BUCKETS)[number]['name']

export interface PageView {
  v: 1
  /** The screen's name from the route table, or notFound/error; never a path or its params. */
  screen: string
  locale: string
  /** The host of another site the visitor came from, or null. */
  referrer: string | null
  width: WidthBucket
}

export function widthBucket(width: number): WidthBucket {
  return (WIDTH_BUCKETS.find((bucket) => width < bucket.below) ?? WIDTH_BUCKETS[4]).name
}

/** The referring site's host, or null for none or for this site itself. */
export function referrerHost(referrer: string, ownHost: string): string | null {
  try {
    const host = new URL(referrer).hostname
    return host && host !== ownHost ? host : null
  } catch {
    return null
  }
}
