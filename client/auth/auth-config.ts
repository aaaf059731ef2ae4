import type { BootPayload } from '../app/app-state'

let config: BootPayload['supabase'] = null

/** Remembers the Supabase project of this page (from the boot payload) for the auth client. */
export function configureAuth(supabase: BootPayload['supabase']): void {
  config = supabase
}

export function authConfig(): NonNullable<BootPayload['supabase']> {
  if (!config) throw new Error('Sign-in is not configured on this server')
  return config
}
