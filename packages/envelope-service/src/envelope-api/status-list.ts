import { ENVELOPE_STATUSES } from 'esign-contract'
import { InvalidRequestError } from 'platform'
import type { ServiceContext } from '../context.js'
import { parseFolderId } from '../envelopes/folder.js'
import { listOrderOf } from '../envelopes/list-order.js'
import { toEnvelopeOutput } from '../envelopes/mapping.js'
import type { ListStatusChangesQuery } from '../envelopes/schema.js'
import { searchFilterOf } from '../envelopes/search.js'
import { listStatusChanges } from '../envelopes/service.js'

/**
 * DocuSign's two ways of asking for envelope statuses, `GET /envelopes` (listStatusChanges) and
 * `PUT /envelopes/status` (listStatus), share one query: the second may take the envelope ids from the
 * body when `envelope_ids=request_body`.
 */

/**
 * Stored times are ISO 8601 text compared as text, so a bound must be one too: years outside 1..9999
 * (`+099999-01-01T...`) would sort before every stored time.
 */
function parseDate(value: string, field: string): string {
  const time = Date.parse(value)
  if (Number.isNaN(time)) throw new InvalidRequestError(`${field} must be a valid date`)
  const year = new Date(time).getUTCFullYear()
  if (year < 1 || year > 9999) throw new InvalidRequestError(`${field} must be a date in the years 1 to 9999`)
  return new Date(time).toISOString()
}

const commaList = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')

/**
 * How far past `start_position` the total is counted. `totalSetSize` is exact while the matches number
 * at most `start_position + 1000`; beyond that it is `start_position + 1001`, meaning "more than
 * `start_position + 1000`", and `nextUri` is there: an integration that pages until `totalSetSize` (or
 * while there is a `nextUri`) still reads every match, and sees the bound move up as it pages. Counting
 * every match of a common search or a large folder was most of a page's time (BENCHMARKS.md, "Dashboard
 * list"); the dashboard shows such a total as "1,000+".
 */
export const TOTAL_REACH = 1000

export interface StatusListCaller {
  accountId: string
  userId: string
}

export async function listEnvelopeStatus(
  ctx: ServiceContext,
  caller: StatusListCaller,
  query: ListStatusChangesQuery,
  listUri: string,
  bodyEnvelopeIds?: readonly string[],
) {
  const envelopeIds = bodyEnvelopeIds ? [...bodyEnvelopeIds] : commaList(query.envelope_ids)
  if (query.from_date === undefined && envelopeIds === undefined) {
    throw new InvalidRequestError('from_date is required unless envelope_ids is given')
  }
  const statuses = commaList(query.status)?.map((status) => status.toLowerCase())
  for (const status of statuses ?? []) {
    if (!(ENVELOPE_STATUSES as readonly string[]).includes(status)) {
      throw new InvalidRequestError(`status must list envelope statuses (${ENVELOPE_STATUSES.join(', ')})`)
    }
  }
  const folderIds = commaList(query.folder_ids)?.map((folderId) => {
    const folder = parseFolderId(folderId)
    if (!folder) throw new InvalidRequestError(`folder_ids: unknown folder ${folderId}`)
    return folder
  })
  const start = query.start_position ?? 0
  const count = query.count ?? 100
  const search = searchFilterOf(query.search_text)
  const { total, envelopes } = await listStatusChanges(
    ctx.db,
    {
      ...(search !== undefined ? { search } : {}),
      order: listOrderOf(query.order, query.order_by),
      accountId: caller.accountId,
      ...(query.from_date !== undefined ? { fromDate: parseDate(query.from_date, 'from_date') } : {}),
      ...(query.to_date !== undefined ? { toDate: parseDate(query.to_date, 'to_date') } : {}),
      ...(statuses ? { statuses } : {}),
      ...(envelopeIds ? { envelopeIds } : {}),
      ...(folderIds ? { folders: { ids: folderIds, callerUserId: caller.userId } } : {}),
      start,
      count,
    },
    { countLimit: start + TOTAL_REACH + 1 },
  )
  const pageUri = (position: number) => {
    const params = new URLSearchParams(query as Record<string, string>)
    params.set('start_position', String(position))
    params.set('count', String(count))
    return `${listUri}?${params.toString()}`
  }
  return {
    resultSetSize: String(envelopes.length),
    totalSetSize: String(total),
    startPosition: String(start),
    endPosition: String(start + Math.max(envelopes.length, 1) - 1),
    ...(start + envelopes.length < total ? { nextUri: pageUri(start + count) } : {}),
    ...(start > 0 ? { previousUri: pageUri(Math.max(0, start - count)) } : {}),
    envelopes: envelopes.map((envelope) => toEnvelopeOutput(envelope)),
  }
}
