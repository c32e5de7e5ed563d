/**
 * A template's last use is recorded to the second: within a second of the stored time nothing is
 * written, so envelopes created from one template by several processes do not queue on its row.
 */
export const USAGE_RESOLUTION_MS = 1_000

/** What a transaction that stores envelopes asks about, and tells of, its templates' last use. */
export interface TemplateUseRecorder {
  /** Of `templateIds`, those whose last use a create at `now` may still have to write. */
  unwritten(templateIds: readonly string[], now: number): string[]
  /** This transaction stored `now` as the last use of `templateIds`. */
  wrote(templateIds: readonly string[], now: number): void
}

/** Every template's use is written (or found recent) by the database. */
export const RECORD_EVERY_USE: TemplateUseRecorder = {
  unwritten: (templateIds) => [...templateIds],
  wrote: () => {},
}

/**
 * The last uses this process committed. A create within the resolution of a use this process
 * committed would write nothing (the stored time is at least that use), so it skips the two
 * statements that would find that out. The answer is exactly what the statements would decide: only
 * committed writes count, since a rolled-back one left the stored time as it was. Earned by the create
 * target: recording use was 3.6% of a create's CPU when every create asked the database (BENCHMARKS.md,
 * "Create, third pass"). Bounded; the oldest entries go first.
 */
export function createTemplateUseMemo(maxEntries = 10_000) {
  const committedAt = new Map<string, number>()

  function unwritten(templateIds: readonly string[], now: number): string[] {
    return templateIds.filter((id) => {
      const at = committedAt.get(id)
      return at === undefined || at <= now - USAGE_RESOLUTION_MS
    })
  }

  return {
    /** A recorder for one transaction; `commit` once the transaction has committed. */
    recorder(): TemplateUseRecorder & { commit(): void } {
      const written: { ids: readonly string[]; at: number }[] = []
      return {
        unwritten,
        wrote: (ids, at) => {
          written.push({ ids, at })
        },
        commit() {
          for (const { ids, at } of written) {
            for (const id of ids) {
              if ((committedAt.get(id) ?? Number.NEGATIVE_INFINITY) >= at) continue
              committedAt.delete(id)
              committedAt.set(id, at)
            }
          }
          while (committedAt.size > maxEntries) committedAt.delete(committedAt.keys().next().value as string)
        },
      }
    },
  }
}

export type TemplateUseMemo = ReturnType<typeof createTemplateUseMemo>
