/**
 * Runs once before any test file: builds the signing page for every browser test (test files run in
 * parallel, and two of them building dist/signing at once would serve an index.html whose assets the
 * other build just removed).
 */
export async function setup(): Promise<void> {
  const { ensureSigningPageBuilt } = await import(
    './packages/envelope-service/test/signing-browser-support.js'
  )
  await ensureSigningPageBuilt()
}
