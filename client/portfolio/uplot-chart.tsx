import { useEffect, useRef } from 'react'
import type uPlot from 'uplot'
import { whenIdle } from '../pwa/when-idle'
import { readChartTheme, useColorScheme, type ChartTheme } from './chart-theme'

/** The part of uPlot's options a chart decides; size and target come from the container. */
export type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>

// uPlot and its stylesheet load with the first chart on screen, not with the page: the server
// renders the chart's text alternative and keeps its room, the browser draws the canvas once the
// chart is scrolled to (on a phone it starts below the first screen) and the library has arrived.
let library: Promise<typeof uPlot> | null = null
function loadUplot(): Promise<typeof uPlot> {
  library ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
    ([module]) => module.default,
    (error: unknown) => {
      // A failed download (offline, a new deploy) is tried again by the next chart.
      library = null
      throw error
    },
  )
  return library
}

/**
 * A uPlot canvas that fills its container, drawn once the container is on screen: it follows the
 * container's width (ResizeObserver) and redraws with the theme's colours when the colour scheme
 * changes. The canvas is hidden from assistive technology; each chart gives its figures as a
 * table beside it.
 */
export function UplotChart(props: {
  data: uPlot.AlignedData
  options: (theme: ChartTheme) => ChartOptions
  className?: string
}) {
  const container = useRef<HTMLDivElement | null>(null)
  const scheme = useColorScheme()
  const { data, options } = props

  // Drawn before: a new range or colour scheme is drawn at once, in place of the last.
  const drawn = useRef(false)

  useEffect(() => {
    const element = container.current
    if (!element) return
    let chart: uPlot | null = null
    let cancelled = false
    const size = () => ({ width: element.clientWidth, height: element.clientHeight })
    const resize = new ResizeObserver(() => chart?.setSize(size()))
    const draw = (UPlot: typeof uPlot) => {
      if (cancelled) return
      chart = new UPlot({ ...options(readChartTheme(element)), ...size() }, data, element)
      drawn.current = true
      resize.observe(element)
    }
    // The first time, once on screen, and in a task of its own when the browser is idle, not in
    // the one that ran the library's code: neither keeps the page from answering for long.
    const onScreen = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      onScreen.disconnect()
      loadUplot().then((UPlot) => whenIdle(() => draw(UPlot)), reportLoadError)
    })
    if (drawn.current) loadUplot().then(draw, reportLoadError)
    else onScreen.observe(element)
    return () => {
      cancelled = true
      onScreen.disconnect()
      resize.disconnect()
      chart?.destroy()
    }
  }, [data, options, scheme])

  return <div ref={container} className={props.className ?? 'chart__plot'} aria-hidden="true" />
}

function reportLoadError(error: unknown): void {
  // The table beside the chart still shows every figure; a failed chunk is only logged.
  console.error('[chart] uPlot could not be loaded', error)
}
