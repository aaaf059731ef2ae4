import { parseExactJson } from '../../shared/json/exact-json'
import { badResponse } from './quote-error'

/**
 * A provider's JSON answer with every number as exact decimal text (`0.812880` → `'0.812880'`,
 * `1e-7` → `'0.0000001'`), so a price never passes through a binary float; a bad response
 * naming `what` was asked otherwise.
 */
export function providerJson(text: string, provider: string, what?: string): unknown {
  const parsed = parseExactJson(text)
  if (!parsed.ok) throw badResponse(provider, what ? `${what}: not JSON` : 'not JSON')
  return parsed.value
}
