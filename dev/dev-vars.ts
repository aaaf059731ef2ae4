import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'

/**
 * Sets `values` in a `.dev.vars` file (KEY=value lines, as wrangler reads them), keeping every
 * other line as it was, so variables others put there survive.
 */
export async function updateDevVars(file: string, values: Record<string, string>): Promise<void> {
  const lines = existsSync(file) ? (await readFile(file, 'utf8')).split('\n') : []
  const pending = new Map(Object.entries(values))
  const updated = lines.map((line) => {
    const key = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1]
    if (!key || !pending.has(key)) return line
    const value = pending.get(key) ?? ''
    pending.delete(key)
    return `${key}=${JSON.stringify(value)}`
  })
  while (updated.length && updated[updated.length - 1] === '') updated.pop()
  for (const [key, value] of pending) updated.push(`${key}=${JSON.stringify(value)}`)
  await writeFile(file, updated.join('\n') + '\n', { mode: 0o600 })
}
