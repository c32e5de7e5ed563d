/**
 * pdf.js for Node, loaded on first use and without slowing down the rest of the process.
 *
 * Its legacy build (the one that runs on Node) bundles core-js, and core-js does not only add what Node
 * 20 lacks (Promise.withResolvers, Map#getOrInsert, Uint8Array base64, …): it *replaces* built-ins Node
 * has whenever they miss a detail of the newest spec — JSON.stringify and JSON.parse (no JSON.rawJSON,
 * no parse-with-source), Array.prototype.push (the error on a non-writable length) and
 * Function.prototype.toString. Once pdf.js was imported, every JSON.parse of a request body, every
 * JSON column written and every `push` in Kysely's query compiler ran core-js's JavaScript versions,
 * about five times slower than V8's (a round of stringify, parse and push: 1.5 s native, 8.4 s after
 * the import), which cost every route, envelope create most (see BENCHMARKS.md, "Where the time goes:
 * create after the lifecycle").
 *
 * So the import runs between a snapshot of the built-ins and their restoration: whatever existed
 * before and was replaced is put back, whatever was added stays (pdf.js needs it). The worker module
 * is imported the same way and handed to pdf.js through `globalThis.pdfjsWorker`, pdf.js's own hook
 * for running its worker in this thread, so pdf.js never imports it later, unguarded. Loading on first
 * use also keeps pdf.js out of the start-up of a process that never completes an envelope.
 */
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs')

/** pdf.js ships no types for its worker module; a variable specifier keeps TypeScript from looking. */
const WORKER_MODULE: string = 'pdfjs-dist/legacy/build/pdf.worker.mjs'

/** Constructors whose static methods and prototypes core-js may replace. */
const BUILT_IN_CONSTRUCTORS = [
  Object,
  Array,
  Promise,
  Map,
  Set,
  WeakMap,
  WeakSet,
  String,
  Number,
  Symbol,
  RegExp,
  ArrayBuffer,
  Uint8Array,
]

/** The objects whose methods core-js may replace (and nothing else in the process replaces). */
function builtInHolders(): object[] {
  const typedArray = Object.getPrototypeOf(Uint8Array) as { prototype: object }
  return [
    globalThis,
    JSON,
    Math,
    Reflect,
    ...BUILT_IN_CONSTRUCTORS,
    typedArray,
    // Error, Function, DataView and Date: their prototypes only.
    ...[...BUILT_IN_CONSTRUCTORS, Error, Function, DataView, Date].map(
      (builtIn) => builtIn.prototype as object,
    ),
    typedArray.prototype,
  ]
}

/**
 * Runs `load`, then restores every function-valued property of the built-ins that `load` replaced.
 * Returns the names it restored, for the test.
 */
export async function withNativeBuiltIns<T>(
  load: () => Promise<T>,
): Promise<{ value: T; restored: string[] }> {
  const snapshot = builtInHolders().map((holder) => {
    const functions = new Map<PropertyKey, PropertyDescriptor>()
    for (const key of Reflect.ownKeys(holder)) {
      const descriptor = Object.getOwnPropertyDescriptor(holder, key)
      // Only plain function values: Node's lazily loaded globals are getters that turn into values on
      // first use, which is not a replacement.
      if (descriptor && typeof descriptor.value === 'function') functions.set(key, descriptor)
    }
    return { holder, functions }
  })
  const value = await load()
  const restored: string[] = []
  for (const { holder, functions } of snapshot) {
    for (const [key, descriptor] of functions) {
      if (Object.getOwnPropertyDescriptor(holder, key)?.value === descriptor.value) continue
      Object.defineProperty(holder, key, descriptor)
      restored.push(String(key))
    }
  }
  return { value, restored }
}

let loading: Promise<PdfJs> | undefined

/** pdf.js's API, its worker running in this thread; the first call imports both. */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= withNativeBuiltIns(async () => {
    const [api, worker] = await Promise.all([
      import('pdfjs-dist/legacy/build/pdf.mjs'),
      import(WORKER_MODULE) as Promise<unknown>,
    ])
    // The worker module sets this itself when imported; set it explicitly, it is what keeps pdf.js from
    // importing the worker on its own.
    ;(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker
    return api
  }).then(({ value }) => value)
  return loading
}
