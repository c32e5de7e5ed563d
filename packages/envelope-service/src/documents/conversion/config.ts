import { Type } from '@sinclair/typebox'
import { SANDBOX_MODES } from './sandbox.js'

/** Settings of document conversion (see converter.ts). */
export const ConversionConfig = Type.Object({
  /** LibreOffice processes converting at once; each takes a core and a few hundred MiB while it runs. */
  CONVERSION_WORKERS: Type.Integer({ minimum: 1, maximum: 32, default: 2 }),
  /** Conversions waiting for a worker before further uploads are answered 503 with Retry-After. */
  CONVERSION_MAX_WAITING: Type.Integer({ minimum: 0, default: 100 }),
  /** One conversion is killed (with its process group) and answered 400 after this long. */
  CONVERSION_TIMEOUT_MS: Type.Integer({ minimum: 1_000, maximum: 600_000, default: 60_000 }),
  /** The LibreOffice executable, looked up on PATH unless it is a path. */
  SOFFICE_PATH: Type.String({ minLength: 1, default: 'soffice' }),
  /**
   * Whether LibreOffice runs in a bubblewrap sandbox that shows it no file of the server (sandbox.ts):
   * `auto` when bwrap works here (else a warning at start-up), `bwrap` always (start-up fails without
   * it), `off` never.
   */
  CONVERSION_SANDBOX: Type.Union(
    SANDBOX_MODES.map((mode) => Type.Literal(mode)),
    { default: 'auto' },
  ),
})
