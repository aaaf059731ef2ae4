import { Suspense } from 'react'
import { prerender } from 'react-dom/static'
import { describe, expect, it, vi } from 'vitest'
import { onDemand } from './on-demand'

async function renderAll(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(node)
  return new Response(prelude).text()
}

describe('onDemand', () => {
  it('loads nothing until shown or preloaded, then loads once', async () => {
    const load = vi.fn(async () => (props: { name: string }) => <p>{props.name}</p>)
    const Part = onDemand(load)
    expect(load).not.toHaveBeenCalled()
    await Promise.all([Part.preload(), Part.preload()])
    const html = await renderAll(
      <Suspense fallback="…">
        <Part name="Hisse" />
      </Suspense>,
    )
    expect(html).toContain('<p>Hisse</p>')
    expect(load).toHaveBeenCalledTimes(1)
  })
})
