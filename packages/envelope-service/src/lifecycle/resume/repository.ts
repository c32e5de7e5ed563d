import type { DbOrTx } from '../../database.js'
import type { TabsByType } from '../../tabs/model.js'

/** Envelopes in progress whose workflow wait ended at or before `at` (ISO), oldest first. */
export async function dueWorkflowEnvelopes(db: DbOrTx, at: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('envelopes')
    .select('id')
    .where('workflow_resume_at', '<=', at)
    .where('status', 'in', ['sent', 'delivered'])
    .orderBy('workflow_resume_at')
    .limit(limit)
    .execute()
  return rows.map((row) => row.id)
}

/** Each recipient's tabs and the values entered at signing, for a conditional rule to read. */
export async function recipientTabValues(
  db: DbOrTx,
  envelopeId: string,
): Promise<{ recipientId: string; tabs: TabsByType; values: Record<string, string> }[]> {
  const rows = await db
    .selectFrom('envelope_recipients')
    .select(['recipient_id', 'tabs', 'tab_values'])
    .where('envelope_id', '=', envelopeId)
    .execute()
  return rows.map((row) => ({
    recipientId: row.recipient_id,
    tabs: JSON.parse(row.tabs) as TabsByType,
    values: JSON.parse(row.tab_values) as Record<string, string>,
  }))
}
