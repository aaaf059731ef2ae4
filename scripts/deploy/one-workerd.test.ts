import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

interface LockedPackage {
  version?: string
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, LockedPackage>
}

/** Every version of a package the lockfile installs, wherever it is nested. */
function versionsOf(name: string): string[] {
  const versions = Object.entries(lock.packages)
    .filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`))
    .map(([, entry]) => entry.version ?? '?')
  return [...new Set(versions)]
}

describe('the Workers runtime', () => {
  it('is one version of workerd, miniflare and wrangler for dev, tests, preview, deploy and benchmarks', () => {
    for (const name of ['workerd', 'miniflare', 'wrangler']) {
      expect({ name, versions: versionsOf(name) }).toEqual({
        name,
        versions: [expect.any(String)],
      })
    }
  })

  it('is the one wrangler deploys with', () => {
    const wrangler = lock.packages['node_modules/wrangler'] as {
      dependencies?: Record<string, string>
    }
    expect(wrangler.dependencies?.workerd).toBe(versionsOf('workerd')[0])
    expect(wrangler.dependencies?.miniflare).toBe(versionsOf('miniflare')[0])
  })
})
