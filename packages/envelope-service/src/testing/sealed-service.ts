import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTestService, type TestService } from './harness.js'

/**
 * `startTestService` with its development seal in a scratch directory removed on close: tests that
 * complete envelopes then share no seal file (the default lives in the data directory).
 */
export async function startSealedTestService(
  databaseUrl: string,
  env: Record<string, string> = {},
  now?: () => number,
): Promise<TestService> {
  const sealDirectory = mkdtempSync(join(tmpdir(), 'test-seal-'))
  const service = await startTestService(
    databaseUrl,
    { SEAL_DEVELOPMENT_FILE: join(sealDirectory, 'seal.p12'), ...env },
    now,
  ).catch((error: unknown) => {
    rmSync(sealDirectory, { recursive: true, force: true })
    throw error
  })
  return {
    ...service,
    async close() {
      await service.close()
      rmSync(sealDirectory, { recursive: true, force: true })
    },
  }
}
