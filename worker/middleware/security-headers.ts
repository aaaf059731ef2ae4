import type { MiddlewareHandler } from 'hono'

declare module 'hono' {
  interface ContextVariableMap {
    /** A fresh nonce for this response's scripts and style; the CSP allows no other inline ones. */
    cspNonce: string
  }
}

export interface SecurityHeadersOptions {
  /** Origins the browser may call besides this one (the Supabase API). */
  connectSources?: (env: unknown) => string[]
  /** Origins of a third party's script and the frame it opens (Paddle.js and its checkout). */
  checkoutSources?: (env: unknown) => { script: string[]; frame: string[] }
  /** Vite's dev server injects styles and opens a WebSocket; production allows neither (its one
   * inline stylesheet carries the nonce). */
  dev?: boolean
}

function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18))
  return btoa(String.fromCharCode(...bytes))
}

export function contentSecurityPolicy(
  nonce: string,
  connect: string[],
  dev: boolean,
  checkout: { script: string[]; frame: string[] } = { script: [], frame: [] },
): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", `'nonce-${nonce}'`, ...checkout.script].join(' ')}`,
    // Production inlines its stylesheet in a nonce'd <style>; Vite's dev server injects styles
    // without a nonce (and a nonce would make browsers ignore 'unsafe-inline').
    dev ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connect, ...(dev ? ['ws:'] : [])].join(' ')}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    ...(checkout.frame.length > 0 ? [`frame-src ${["'self'", ...checkout.frame].join(' ')}`] : []),
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

/**
 * Security headers for every response, and a nonce-based Content-Security-Policy for HTML.
 * The nonce is set before the handler runs so the renderer can stamp it on its scripts.
 */
export function securityHeaders(options: SecurityHeadersOptions = {}): MiddlewareHandler {
  return async (c, next) => {
    const nonce = createNonce()
    c.set('cspNonce', nonce)
    await next()
    const headers = c.res.headers
    headers.set('X-Content-Type-Options', 'nosniff')
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload')
    headers.set(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    )
    headers.set('Cross-Origin-Opener-Policy', 'same-origin')
    if (headers.get('Content-Type')?.startsWith('text/html')) {
      const connect = options.connectSources?.(c.env) ?? []
      headers.set(
        'Content-Security-Policy',
        contentSecurityPolicy(
          nonce,
          connect,
          options.dev ?? false,
          options.checkoutSources?.(c.env),
        ),
      )
      headers.set('X-Frame-Options', 'DENY')
    }
  }
}
