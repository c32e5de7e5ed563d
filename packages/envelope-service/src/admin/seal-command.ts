import { existsSync } from 'node:fs'
import { ConflictError } from 'platform'
import { createDevelopmentSeal } from '../completion/development-seal.js'
import { type Command, required } from './command.js'

export const sealCommands: Record<string, Command> = {
  'dev-seal': {
    usage: 'dev-seal --out <file.p12> [--password <password>]',
    summary: 'Write a self-signed development seal (PKCS#12) for SEAL_P12_FILE; never for production',
    options: { out: { type: 'string' }, password: { type: 'string' } },
    async run(values, env) {
      const out = required(values, 'out', 'dev-seal')
      // Replacing a seal file would lose the key that earlier envelopes were sealed with.
      if (existsSync(out)) throw new ConflictError(`${out} already exists; choose another --out`)
      const password = typeof values.password === 'string' ? values.password : ''
      await createDevelopmentSeal(out, password, env.now())
      return { sealFile: out, serve: `SEAL_P12_FILE=${out} SEAL_P12_PASSWORD=<the password>` }
    },
  },
}
