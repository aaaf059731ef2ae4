import { useEffect, useRef } from 'react'
import type uPlot from 'uplot'
import { readChartTheme, useColorScheme, type ChartTheme } from './chart-theme'

/** The part of uPlot's options a chart decides; size and target come from the container. */
export type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>

// uPlot and its stylesheet load with the first chart, not with the page: the server renders the
// chart's text alternative, the browser draws the canvas once the library has arrived.
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
 * A uPlot canvas that fills its container: it follows the container's width (ResizeObserver)
 * and redraws with the theme's colours when the colour scheme changes. The canvas is hidden
 * from assistive technology; each chart gives its figures as a table beside it.
 */
export function UplotChart(props: {
  data: uPlot.AlignedData
  options: (theme: ChartTheme) => ChartOptions
  className?: string
}) {
  const container = useRef<HTMLDivElement | null>(null)
  const scheme = useColorScheme()
  const { data, options } = props

  useEffect(() => {
    const element = container.current
    if (!element) return
    let chart: uPlot | null = null
    let cancelled = false
    const size = () => ({ width: element.clientWidth, height: element.clientHeight })
    const resize = new ResizeObserver(() => chart?.setSize(size()))
    loadUplot().then((UPlot) => {
      if (cancelled) return
      chart = new UPlot({ ...options(readChartTheme(element)), ...size() }, data, element)
      resize.observe(element)
    }, reportLoadError)
    return () => {
      cancelled = true
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
