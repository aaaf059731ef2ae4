import { useSyncExternalStore } from 'react'

/** The colours a chart draws with, read from the stylesheet's variables for the active theme. */
export interface ChartTheme {
  text: string
  muted: string
  grid: string
  background: string
  value: string
  invested: string
  price: string
  buy: string
  sell: string
}

const VARIABLES: Record<keyof ChartTheme, string> = {
  text: '--text',
  muted: '--muted',
  grid: '--chart-grid',
  background: '--bg',
  value: '--chart-value',
  invested: '--chart-invested',
  price: '--chart-price',
  buy: '--chart-buy',
  sell: '--chart-sell',
}

/** The theme's colours where `element` sits (canvas needs colours, not variables). */
export function readChartTheme(element: Element): ChartTheme {
  const style = getComputedStyle(element)
  const read = (name: string) => style.getPropertyValue(name).trim()
  const theme = {} as ChartTheme
  for (const key of Object.keys(VARIABLES) as (keyof ChartTheme)[])
    theme[key] = read(VARIABLES[key])
  return theme
}

const DARK = '(prefers-color-scheme: dark)'

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DARK)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/**
 * The colour scheme the stylesheet follows (the system's), so a canvas chart redraws with the
 * other theme's colours the moment it changes. The server renders no canvas: 'light' there.
 */
export function useColorScheme(): 'light' | 'dark' {
  return useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(DARK).matches ? 'dark' : 'light'),
    () => 'light',
  )
}

/** A colour with an alpha, for the fill under a line: `#0b6b4f` → `rgb(11 107 79 / 0.15)`. */
export function withAlpha(color: string, alpha: number): string {
  const hex = /^#([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(color)
  if (!hex) return color
  const [red, green, blue] = hex.slice(1).map((part) => parseInt(part, 16))
  return `rgb(${red} ${green} ${blue} / ${alpha})`
}

/** The stylesheet's chart colours (`--chart-1` …), each with a `.swatch--<name>` class. */
export type ChartColour =
  | `chart-${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`
  | 'chart-rest'
  | 'chart-price'
  | 'chart-buy'
  | 'chart-sell'
  | 'chart-value'
  | 'chart-invested'

/**
 * A swatch's class: it sets `--swatch` to a chart colour of the stylesheet, so it follows the
 * theme. A class, not a style attribute: the content security policy refuses inline styles in
 * server-rendered HTML.
 */
export function swatch(colour: ChartColour): string {
  return `swatch--${colour}`
}
