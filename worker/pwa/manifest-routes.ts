import type { Hono } from 'hono'
import { LOCALES } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { webManifest, webManifestPath } from './web-manifest'
import type { AppEnv } from '../env'

/** Serves each language's web app manifest, built from its locale file. */
export function addManifestRoutes(app: Hono<AppEnv>): void {
  for (const locale of LOCALES) {
    app.get(webManifestPath(locale.code), async (c) =>
      c.body(JSON.stringify(webManifest(locale.code, await loadMessages(locale.code))), 200, {
        'Content-Type': 'application/manifest+json; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
      }),
    )
  }
}
