import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from 'platform'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfiguredSeal, SealConfig } from './config.js'
import { createDevelopmentSeal } from './development-seal.js'

describe('loadConfiguredSeal', () => {
  let directory: string
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'seal-config-'))
  })
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true })
  })

  it('loads SEAL_P12_FILE with SEAL_P12_PASSWORD', async () => {
    const file = join(directory, 'production.p12')
    await createDevelopmentSeal(file, 'p4ss')
    const config = loadConfig(SealConfig, { SEAL_P12_FILE: file, SEAL_P12_PASSWORD: 'p4ss' })
    expect((await loadConfiguredSeal(config)).name).toBe('Inkwell Development Seal')
    await expect(loadConfiguredSeal({ ...config, SEAL_P12_PASSWORD: 'nope' })).rejects.toThrow(
      'wrong password',
    )
  })

  it('creates the development seal only when asked to, and refuses to run without a seal otherwise', async () => {
    const config = loadConfig(SealConfig, {})
    expect(config.SEAL_P12_PASSWORD).toBe('')
    await expect(loadConfiguredSeal(config)).rejects.toThrow('SEAL_P12_FILE is not set')
    const development = { file: join(directory, 'dev', 'seal.p12'), password: 'dev' }
    const first = await loadConfiguredSeal(config, development)
    const again = await loadConfiguredSeal(config, development)
    expect(again.identity.certificates[0]?.equals(first.identity.certificates[0] ?? Buffer.alloc(0))).toBe(
      true,
    )
  })
})
