import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { allowedMethodsOf } from './allowed-methods'

function appWithRoutes() {
  const app = new Hono()
  app.use(async (_, next) => next())
  app.get('/robots.txt', (c) => c.text(''))
  app.get('/api/things', (c) => c.json([]))
  app.post('/api/things', (c) => c.json({}))
  app.delete('/api/things/:id', (c) => c.body(null, 204))
  app.all('/api/*', (c) => c.json({}, 404))
  app.get('*', (c) => c.text('page'))
  return app
}

describe('allowedMethodsOf', () => {
  const allowed = allowedMethodsOf(() => appWithRoutes().routes)

  it('lists the methods registered for a path, HEAD with every GET', () => {
    expect(allowed('/robots.txt')).toEqual(['GET', 'HEAD'])
    expect(allowed('/api/things')).toEqual(['GET', 'HEAD', 'POST'])
    expect(allowed('/api/things/7')).toEqual(['DELETE'])
  })

  it('takes pages from the route table, not from the catch-all page handler', () => {
    expect(allowed('/en/pricing')).toEqual(['GET', 'HEAD'])
    expect(allowed('/')).toEqual(['GET', 'HEAD'])
    expect(allowed('/en/nope')).toEqual([])
  })

  it('ignores middleware and app.all catch-alls', () => {
    expect(allowed('/api/other')).toEqual([])
  })

  it('reads the routes when first asked, so routes added after it count', () => {
    const app = new Hono()
    const late = allowedMethodsOf(() => app.routes)
    app.put('/late', (c) => c.text(''))
    expect(late('/late')).toEqual(['PUT'])
  })
})
