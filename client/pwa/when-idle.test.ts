import { afterEach, describe, expect, it, vi } from 'vitest'
import { IDLE_DEADLINE_MS, IDLE_FALLBACK_MS, whenIdle } from './when-idle'

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('asks for an idle moment with a deadline, so a busy page still runs the work', () => {
    const requested = vi.fn<(callback: () => void, options?: { timeout: number }) => number>()
    vi.stubGlobal('requestIdleCallback', requested)
    const work = vi.fn()
    whenIdle(work)
    expect(requested).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_DEADLINE_MS })
    expect(work).not.toHaveBeenCalled()
    requested.mock.calls[0]?.[0]()
    expect(work).toHaveBeenCalledOnce()
  })

  it('waits a moment where the browser has no idle callbacks', () => {
    vi.stubGlobal('requestIdleCallback', undefined)
    vi.useFakeTimers()
    const work = vi.fn()
    whenIdle(work)
    vi.advanceTimersByTime(IDLE_FALLBACK_MS - 1)
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(work).toHaveBeenCalledOnce()
  })
})
