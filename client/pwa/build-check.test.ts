import { describe, expect, it } from 'vitest'
import {
  BUILD_CHECK_INTERVAL_MS,
  startBuildChecks,
  type BuildCheckEnvironment,
} from './build-check'

function harness(latest: () => unknown) {
  let time = 0
  let tick: () => void = () => {}
  let visible: () => void = () => {}
  const state = { fetches: 0, newBuild: 0 }
  const env: BuildCheckEnvironment = {
    fetchLatest: async () => {
      state.fetches += 1
      return latest()
    },
    now: () => time,
    every: (ms, work) => {
      expect(ms).toBe(BUILD_CHECK_INTERVAL_MS)
      tick = work
    },
    onVisible: (work) => {
      visible = work
    },
    onNewBuild: () => {
      state.newBuild += 1
    },
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return {
    env,
    state,
    advance: (ms: number) => (time += ms),
    tick: async () => (tick(), settle()),
    becomeVisible: async () => (visible(), settle()),
  }
}

describe('startBuildChecks', () => {
  it('asks for the next full load when another build is out', async () => {
    const h = harness(() => ({ id: 'new', timestamp: 1 }))
    startBuildChecks('old', h.env)
    await h.tick()
    expect(h.state).toEqual({ fetches: 1, newBuild: 1 })
  })

  it('does nothing while the build is current, or when the answer is malformed or fails', async () => {
    let answer: () => unknown = () => ({ id: 'same' })
    const h = harness(() => answer())
    startBuildChecks('same', h.env)
    await h.tick()
    answer = () => ({ id: 42 })
    await h.tick()
    answer = () => {
      throw new Error('offline')
    }
    await h.tick()
    expect(h.state).toEqual({ fetches: 3, newBuild: 0 })
  })

  it('checks on becoming visible only after a full interval without a check', async () => {
    const h = harness(() => ({ id: 'same' }))
    startBuildChecks('same', h.env)
    h.advance(BUILD_CHECK_INTERVAL_MS - 1)
    await h.becomeVisible()
    expect(h.state.fetches).toBe(0)
    h.advance(1)
    await h.becomeVisible()
    expect(h.state.fetches).toBe(1)
    await h.becomeVisible()
    expect(h.state.fetches).toBe(1)
  })
})
