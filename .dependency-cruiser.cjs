/**
 * The import rules `npm run lint` enforces (dependency-cruiser). A violation names its rule.
 *
 * - No file imports itself back through others, in any package (`no-file-cycle`), and no folder does
 *   (`no-folder-cycle`).
 * - Production code never imports test support (`no-production-to-testing`).
 * - The envelope service's folders are layered (`layer-<folder>`): each folder of
 *   `packages/envelope-service/src/` may import only the folders of the layers below its own. The map is
 *   ENVELOPE_LAYERS, bottom first; the README of the envelope service explains each layer.
 */
const ENVELOPE_LAYERS = [
  ['product.ts', 'ids.ts', 'migrations', 'tls', 'sender-app'],
  ['outbox', 'documents', 'audit', 'network'],
  ['identity'],
  ['rest', 'ratelimit'],
  ['tabs', 'brands'],
  ['workflow'],
  ['templates'],
  ['envelopes'],
  ['lifecycle'],
  ['messages'],
  ['signing'],
  ['completion'],
  ['notifications'],
  ['connect'],
  ['folders', 'accounts', 'devmailbox', 'locks'],
  ['envelope-api'],
  ['bulk-send'],
  ['config.ts'],
  ['account-routes.ts'],
  ['admin', 'app.ts'],
  ['main.ts'],
]
/** Type hubs every folder may see: the database schema and the service context, as `import type` only. */
const TYPE_HUBS = ['database.ts', 'context.ts']
const SRC = '^packages/envelope-service/src/'
const unitPattern = (unit) => `${SRC}${unit.replace(/\./g, '\\.')}${unit.endsWith('.ts') ? '$' : '/'}`

const layerRules = ENVELOPE_LAYERS.flatMap((layer, index) => {
  const above = ENVELOPE_LAYERS.slice(index).flat()
  if (above.length === 1) return []
  return layer.map((unit) => ({
    name: `layer-${unit.replace(/\.ts$/, '')}`,
    severity: 'error',
    comment: `${unit} may import only the layers below its own (ENVELOPE_LAYERS in .dependency-cruiser.cjs)`,
    from: { path: unitPattern(unit) },
    to: { path: above.filter((other) => other !== unit).map(unitPattern) },
  }))
})

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      severity: 'error',
      comment: 'Files that import each other, directly or through others.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      scope: 'folder',
      comment: 'Folders that import each other, directly or through others.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-production-to-testing',
      severity: 'error',
      comment: 'Test support (testing/ folders, *.test.ts) is for tests and benchmarks only.',
      from: { pathNot: ['/testing/', '\\.test\\.tsx?$', '/test/', '/bench/'] },
      to: { path: ['/testing/', '\\.test\\.tsx?$'] },
    },
    {
      name: 'type-hubs-as-types',
      severity: 'error',
      comment: 'database.ts and context.ts are seen by every folder, for their types only.',
      from: { path: SRC, pathNot: ['/repository\\.ts$', `${SRC}(app\\.ts|admin/|testing/)`] },
      to: { path: TYPE_HUBS.map(unitPattern), dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'envelopes-read-port',
      severity: 'error',
      comment:
        'Features above envelopes/ read envelopes through envelopes/reads.ts (and envelopes/service.ts), not its repository.',
      from: {
        path: SRC,
        pathNot: [
          `${SRC}envelopes/`,
          `${SRC}envelope-api/writer\\.ts$`,
          `${SRC}envelope-api/create\\.ts$`,
          `${SRC}folders/repository\\.ts$`,
        ],
      },
      to: { path: `${SRC}envelopes/repository\\.ts$` },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '/dist/', 'node_modules'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: true,
  },
}
