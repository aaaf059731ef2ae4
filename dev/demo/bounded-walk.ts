import { normalDraw } from './seeded-random'

/** Where a generated series starts and ends, and how far it may wander on the way. */
export interface WalkShape {
  start: number
  end: number
  /** The largest swing away from the steady path from `start` to `end`, as a fraction (0.1 = 10 %). */
  swing: number
  /** Day-to-day noise on top of the swing, as a fraction; it does not accumulate. */
  jitter: number
}

/**
 * `count` levels from `shape.start` to `shape.end`: the steady (geometric) path between them, a
 * random walk pinned to zero at both ends (a Brownian bridge) scaled so its widest swing is
 * exactly `shape.swing`, and daily jitter. A plain random walk would drift anywhere over two
 * years; this one keeps every series near realistic levels whatever the seed.
 *
 * @example boundedWalk({ start: 100, end: 120, swing: 0.1, jitter: 0.01 }, 500, seededRandom('X'))
 */
export function boundedWalk(shape: WalkShape, count: number, random: () => number): number[] {
  if (count === 1) return [shape.end]
  const walk = [0]
  for (let index = 1; index < count; index += 1) {
    walk.push((walk[index - 1] ?? 0) + normalDraw(random))
  }
  const last = walk[count - 1] ?? 0
  const bridge = walk.map((value, index) => value - (last * index) / (count - 1))
  const widest = Math.max(...bridge.map(Math.abs)) || 1
  const growth = Math.log(shape.end / shape.start)
  return bridge.map((value, index) => {
    const steady = growth * (index / (count - 1))
    const jitter = index === 0 || index === count - 1 ? 0 : shape.jitter * normalDraw(random)
    return shape.start * Math.exp(steady + (value / widest) * shape.swing + jitter)
  })
}
