import { defineConfig } from 'vitest/config'
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
  },
})
