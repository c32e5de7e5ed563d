import { Type } from '@sinclair/typebox'
import { CONVERSION_POOL_MODES, DEFAULT_PYTHON } from './office-pool.js'
import { SANDBOX_MODES } from './sandbox.js'

/** Settings of document conversion (see converter.ts). */
export const ConversionConfig = Type.Object({
  /**
   * Conversions at once, and warm LibreOffice instances (a few hundred MiB each); by default one per
   * core, at most four (converter.ts defaultWorkers).
   */
  CONVERSION_WORKERS: Type.Optional(Type.Integer({ minimum: 1, maximum: 32 })),
  /**
   * `warm`: long-running LibreOffice instances convert through UNO (office-pool.ts), falling back to
   * `one-shot` (a LibreOffice start per document) while they cannot start; `one-shot` always.
   */
  CONVERSION_POOL: Type.Union(
    CONVERSION_POOL_MODES.map((mode) => Type.Literal(mode)),
    { default: 'warm' },
  ),
  /** The Python 3 with LibreOffice's `uno` module (Debian: python3-uno) that drives a warm instance. */
  CONVERSION_PYTHON: Type.String({ minLength: 1, default: DEFAULT_PYTHON }),
  /** Conversions after which a warm instance is replaced, bounding what one LibreOffice accumulates. */
  CONVERSION_RESTART_AFTER: Type.Integer({ minimum: 1, default: 200 }),
  /** Conversions waiting for a worker before further uploads are answered 503 with Retry-After. */
  CONVERSION_MAX_WAITING: Type.Integer({ minimum: 0, default: 100 }),
  /** One conversion is killed (its warm instance, or its process group) and answered 400 after this long. */
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
