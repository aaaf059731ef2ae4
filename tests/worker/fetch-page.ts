import { env } from 'cloudflare:test'
import { createApp } from '../../worker/app'

const app = createApp()

/** A request through the whole worker app, with the bindings of wrangler.toml. */
export function fetchPage(path: string, init: RequestInit = {}): Promise<Response> {
  return Promise.resolve(app.request(`https://kiymet.app${path}`, init, env))
}

export function attribute(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1]
}
