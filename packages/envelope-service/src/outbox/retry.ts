/**
 * The one retry schedule of every outbox consumer (messages, completion, Connect deliveries):
 * exponential backoff with jitter over the upper half of each step, 5 s, 10 s, 20 s, ... capped at an
 * hour, so a receiver or transport that is down is not hammered and many failed rows do not retry in step.
 */
const FIRST_RETRY_MS = 5_000
const MAX_RETRY_MS = 60 * 60_000

/** The delay before attempt `attempt + 1`, after `attempt` failed attempts (1 for the first). */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1))
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}
