import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'unit',
    include: [
      'worker/**/*.test.{ts,tsx}',
      'client/**/*.test.{ts,tsx}',
      'dev/**/*.test.ts',
      'locales/**/*.test.ts',
      'scripts/**/*.test.ts',
      'docs/**/*.test.ts',
    ],
    environment: 'node',
  },
})
