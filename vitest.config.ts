import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // Generous: tests never assert on speed, and CI's two cores run browsers, LibreOffice and PostgreSQL
    // beside each other; a timeout here only catches a test that hangs.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['./vitest.global-setup.ts'],
  },
})
