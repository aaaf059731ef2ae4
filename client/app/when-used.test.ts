import { describe, expect, it, vi } from 'vitest'
import { whenUsed } from './when-used'

function fakePage() {
  const page = new EventTarget()
  const doc = Object.assign(new EventTarget(), {
    visibilityState: 'visible' as DocumentVisibilityState,
  })
  return { page, doc }
}

describe('whenUsed', () => {
  it('waits for the first press, then runs once', () => {
    const { page, doc } = fakePage()
    const work = vi.fn()
    whenUsed(work, page, doc)
    expect(work).not.toHaveBeenCalled()
    page.dispatchEvent(new Event('pointerdown'))
    page.dispatchEvent(new Event('keydown'))
    page.dispatchEvent(new Event('pointerdown'))
    expect(work).toHaveBeenCalledTimes(1)
  })

  it('runs on the first key', () => {
    const { page, doc } = fakePage()
    const work = vi.fn()
    whenUsed(work, page, doc)
    page.dispatchEvent(new Event('keydown'))
    expect(work).toHaveBeenCalledTimes(1)
  })

  it('runs when the visitor comes back to the tab, not when they leave it', () => {
    const { page, doc } = fakePage()
    const work = vi.fn()
    whenUsed(work, page, doc)
    doc.visibilityState = 'hidden'
    doc.dispatchEvent(new Event('visibilitychange'))
    expect(work).not.toHaveBeenCalled()
    doc.visibilityState = 'visible'
    doc.dispatchEvent(new Event('visibilitychange'))
    page.dispatchEvent(new Event('pointerdown'))
    expect(work).toHaveBeenCalledTimes(1)
  })
})
