import { readFileSync } from 'node:fs'

/** For the tests: a text fixture's lines, as `linesOf` gives them from the PDF. */
export function fixtureLines(name: string): string[] {
  return readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8')
    .trimEnd()
    .split('\n')
}
