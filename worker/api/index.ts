// The JSON API under /api: its Hono app, the page preload of its GET answers, and its type for
// the browser's typed client.
export { createApiApp, MAX_BODY_BYTES } from './api-app'
export type { ApiApp } from './api-app'
export { readApiSnapshot } from './api-snapshot'
