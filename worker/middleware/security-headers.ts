import type { Context, MiddlewareHandler } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'

export interface SecurityHeadersOptions {
  /** Origins the browser may call besides this one (the Supabase API). */
  connectSources?: (env: unknown) => string[]
  /** Origins of a third party's script and the frame it opens (Paddle.js and its checkout). */
  checkoutSources?: (env: unknown) => { script: string[]; frame: string[] }
  /** Vite's dev server injects styles and opens a WebSocket; production allows neither (its one
   * inline stylesheet carries the nonce). */
  dev?: boolean
}

/**
 * Security headers for every response (Hono's secure-headers) with a nonce-based
 * Content-Security-Policy. The nonce (`c.get('secureHeadersNonce')`) is made before the handler
 * runs, so the renderer stamps it on its scripts and its one stylesheet; the sources that depend
 * on the deployment (Supabase, the payment provider) are read per request from its env.
 */
export function securityHeaders(options: SecurityHeadersOptions = {}): MiddlewareHandler {
  const dev = options.dev ?? false
  const checkout = (c: Context) => options.checkoutSources?.(c.env) ?? { script: [], frame: [] }
  const connect = (c: Context) => [
    ...(options.connectSources?.(c.env) ?? []),
    ...(dev ? ['ws:'] : []),
  ]
  return secureHeaders({
    strictTransportSecurity: 'max-age=63072000; includeSubDomains; preload',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, (c) => checkout(c).script.join(' ')],
      // Vite's dev server injects styles without a nonce (and a nonce would make browsers ignore
      // 'unsafe-inline').
      styleSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'", NONCE],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", (c) => connect(c).join(' ')],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      // With no checkout this is what default-src 'self' gives a frame anyway.
      frameSrc: ["'self'", (c) => checkout(c).frame.join(' ')],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
    },
  })
}

/** The nonce of this response's CSP, made by {@link securityHeaders} before any handler ran. */
export function cspNonce(c: Context): string {
  const nonce = c.get('secureHeadersNonce')
  if (!nonce) throw new Error('No CSP nonce: securityHeaders() must run before rendering')
  return nonce
}
