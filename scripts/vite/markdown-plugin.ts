import { readFileSync } from 'node:fs'
import { marked } from 'marked'
import type { Plugin } from 'vite'

/**
 * Turns `import html from './x.md?html'` into the Markdown rendered as an HTML string at build
 * time, with `{{token}}` placeholders filled from the given values; unknown tokens fail the build.
 */
export function markdownPlugin(tokens: Record<string, string>): Plugin {
  return {
    name: 'kiymet:markdown-html',
    enforce: 'pre',
    load(id) {
      const [path, query] = id.split('?')
      if (!path?.endsWith('.md') || query !== 'html') return undefined
      this.addWatchFile(path)
      const source = readFileSync(path, 'utf8').replace(
        /\{\{\s*(\w+)\s*\}\}/g,
        (_, name: string) => {
          const value = tokens[name]
          if (value === undefined) throw new Error(`${path}: unknown token {{${name}}}`)
          return value
        },
      )
      const html = marked.parse(source, { async: false, gfm: true })
      return `export default ${JSON.stringify(html)}`
    },
  }
}
