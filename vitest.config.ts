import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    // Generous: tests never assert on speed, and CI's two cores run browsers, LibreOffice and PostgreSQL
    // beside each other; a timeout here only catches a test that hangs.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // expect.poll gives up after 1 s by default: on a loaded CI machine a page reloading its PDF and
    // reading its text with pdf.js took longer (the builder's anchor hits after a reload), so polls
    // wait as long as Playwright's own waits do (30 s).
    expect: { poll: { timeout: 30_000 } },
    pool: 'forks',
    // A worker per core, where Vitest's default keeps one core free: on CI's two cores that default ran
    // every file one after another. Two at a time, one file's waits on what it drives (Chromium, service
    // processes, PostgreSQL, LibreOffice) overlap the other's work: 39.4 → 30.7 min for the Node 20 suite.
    maxWorkers: Math.max(2, availableParallelism()),
    // Each worker process runs its files one after another with the modules it already imported, instead
    // of a new process per file: the suite imports the service's module graph once per worker, not 271
    // times (import 427 s → 27 s summed; the Node 20 suite 31.9 → 25.3 min on two cores). The files
    // share no state but what they start and close themselves: each test makes its own service, database,
    // browser and listeners, and none mocks a module.
    isolate: false,
    globalSetup: ['./vitest.global-setup.ts'],
  },
})
