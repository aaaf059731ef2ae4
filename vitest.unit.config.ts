import { defineConfig } from 'vitest/config'
import { MAX_WORKERS } from './scripts/test/max-workers.ts'
import { messagesPlugin } from './scripts/vite/messages-plugin.ts'

export default defineConfig({
  // Locale files load by message group (shared/i18n/messages.ts), as in the app.
  plugins: [messagesPlugin()],
  test: {
    name: 'unit',
    include: [
      'worker/**/*.test.{ts,tsx}',
      'client/**/*.test.{ts,tsx}',
      'shared/**/*.test.{ts,tsx}',
      'dev/**/*.test.ts',
      'locales/**/*.test.ts',
      'scripts/**/*.test.ts',
      'docs/**/*.test.ts',
    ],
    environment: 'node',
    maxWorkers: MAX_WORKERS,
    // One module graph for all files: importing React, zod and the locales once instead of per
    // file cuts this project's CPU time by two thirds. Tests that stub a global or the clock
    // restore it after themselves.
    isolate: false,
  },
})
