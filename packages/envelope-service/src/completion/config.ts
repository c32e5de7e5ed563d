import { type Static, Type } from '@sinclair/typebox'
import { ensureDevelopmentSeal } from './development-seal.js'
import { loadSealFile, type Seal } from './seal.js'

/**
 * Settings of the seal that signs completed envelopes, for the service configuration to compose.
 * Without `SEAL_P12_FILE` only a development setup has a seal: `npm start` and the admin CLI create a
 * self-signed one (`createDevelopmentSeal`); a production deployment sets both variables.
 */
export const SealConfig = Type.Object({
  /** PKCS#12 file (.p12/.pfx) holding the seal certificate, its chain and its RSA private key. */
  SEAL_P12_FILE: Type.Optional(Type.String({ minLength: 1 })),
  /** Password of `SEAL_P12_FILE` (empty when the file has none). */
  SEAL_P12_PASSWORD: Type.String({ default: '' }),
})
export type SealConfig = Static<typeof SealConfig>

/**
 * The seal completion signs with: `SEAL_P12_FILE`, else the development seal at `development.file`
 * (created there when missing). Without either it fails, so a deployment never seals with a key that
 * it did not choose.
 */
export async function loadConfiguredSeal(
  config: SealConfig,
  development?: { file: string; password: string },
): Promise<Seal> {
  if (config.SEAL_P12_FILE) return loadSealFile(config.SEAL_P12_FILE, config.SEAL_P12_PASSWORD)
  if (!development) throw new Error('SEAL_P12_FILE is not set: completed envelopes cannot be sealed')
  await ensureDevelopmentSeal(development.file, development.password)
  return loadSealFile(development.file, development.password)
}
