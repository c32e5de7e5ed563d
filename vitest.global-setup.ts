/**
 * Runs once before any test file: builds every service's web pages into its dist/ folder, as `npm start`
 * does (scripts/build.mjs, skipped when their inputs are unchanged), so the browser tests drive the pages
 * a user gets. Building here, before the files run in parallel, means no test builds a page: two builds of
 * one folder at once would serve an index.html whose assets the other build just removed, and the launcher
 * test's `npm start` then finds every page up to date.
 */
export async function setup(): Promise<void> {
  // @ts-expect-error: the build script is plain JavaScript
  const { build } = await import('./scripts/build.mjs')
  await build(undefined, { pagesOnly: true })
}
