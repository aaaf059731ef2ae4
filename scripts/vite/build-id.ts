import { createHash } from 'node:crypto'

/**
 * Identifies a client build by its manifest's content: the worker's boot payload and
 * /builds/latest.json derive it the same way, so the browser can tell when a deploy happened.
 */
export function buildIdOf(manifestJson: string): string {
  return createHash('sha256').update(manifestJson).digest('hex').slice(0, 16)
}
