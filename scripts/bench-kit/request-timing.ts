/** Requests' times and the workerd CPU they took, summed up for a benchmark's line. */
export interface Timing {
  medianMs: number
  slowestMs: number
  cpuMs: number
}

/** The median and slowest of `timings`, and `cpu` (their workerd CPU in all) per request. */
export function summary(timings: number[], cpu: number): Timing {
  const sorted = timings.toSorted((a, b) => a - b)
  return {
    medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
    slowestMs: sorted.at(-1) ?? 0,
    cpuMs: cpu / timings.length,
  }
}

export const formatTiming = (timing: Timing) =>
  `median ${timing.medianMs.toFixed(0)} ms, slowest ${timing.slowestMs.toFixed(0)} ms, ` +
  `workerd CPU ${timing.cpuMs.toFixed(0)} ms per request`
