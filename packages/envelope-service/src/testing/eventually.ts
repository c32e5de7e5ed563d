/** Real time allowed for background work (a job, a wake) to get its turn on a loaded CI machine. */
export const PATIENCE_MS = 60_000

/**
 * Reads until `done` holds or `PATIENCE_MS` has passed (looking every `everyMs`), and returns the last
 * value read: the test's own assertion on it then says what was not done.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + PATIENCE_MS
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}
