import { Value } from '@sinclair/typebox/value'
import { type BulkSendingCopy, type BulkSendingCopyRecipient, EnvelopeDefinition } from 'esign-contract'
import { AppError } from 'platform'
import { mergeEnvelopeDefinition } from '../envelopes/composite-merge.js'
import type { EnvelopeDefinitionInput, TemplateRoleInput } from '../envelopes/schema.js'
import type { Template, TemplateRole } from '../templates/model.js'

/**
 * The rules of bulk send, pure: which properties of a list the service acts on (the others are refused,
 * never dropped), and how one copy of a list and a template become one envelope request. A copy's
 * recipients fill the template's roles by `roleName`; a copy's tab sets the value of the role's tab
 * with that `tabLabel` (whatever its type); its custom fields become the envelope's text custom
 * fields; its subject and blurb replace the template's.
 */

/** The properties a list may carry, by level; DocuSign's others are refused with their path. */
const ACCEPTED = {
  list: ['listId', 'name', 'bulkCopies'],
  copy: ['recipients', 'customFields', 'emailSubject', 'emailBlurb'],
  recipient: ['roleName', 'name', 'email', 'clientUserId', 'accessCode', 'tabs'],
  tab: ['tabLabel', 'initialValue'],
  customField: ['name', 'value'],
} as const

/** A problem with a list, or with a copy against its template: DocuSign's code and a sentence. */
export interface CopyProblem {
  code: string
  message: string
}

/**
 * The first property of a validated list body that bulk send does not act on, as a path
 * (`bulkCopies[0].recipients[1].faxNumber`), or undefined. `null` counts as absent.
 */
export function unsupportedProperty(list: Record<string, unknown>): string | undefined {
  const extra = (value: unknown, accepted: readonly string[], path: string) => {
    if (value === null || typeof value !== 'object') return undefined
    const key = Object.entries(value).find(
      ([name, item]) => item !== null && item !== undefined && !accepted.includes(name),
    )?.[0]
    return key === undefined ? undefined : path === '' ? key : `${path}.${key}`
  }
  const found = extra(list, ACCEPTED.list, '')
  if (found) return found
  const copies = Array.isArray(list.bulkCopies) ? (list.bulkCopies as Record<string, unknown>[]) : []
  for (const [c, copy] of copies.entries()) {
    const copyPath = `bulkCopies[${c}]`
    const inCopy = extra(copy, ACCEPTED.copy, copyPath)
    if (inCopy) return inCopy
    for (const [f, field] of arrayOf(copy.customFields).entries()) {
      const inField = extra(field, ACCEPTED.customField, `${copyPath}.customFields[${f}]`)
      if (inField) return inField
    }
    for (const [r, recipient] of arrayOf(copy.recipients).entries()) {
      const recipientPath = `${copyPath}.recipients[${r}]`
      const inRecipient = extra(recipient, ACCEPTED.recipient, recipientPath)
      if (inRecipient) return inRecipient
      for (const [t, tab] of arrayOf((recipient as Record<string, unknown>).tabs).entries()) {
        const inTab = extra(tab, ACCEPTED.tab, `${recipientPath}.tabs[${t}]`)
        if (inTab) return inTab
      }
    }
  }
  return undefined
}

const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/**
 * What every copy needs whatever the template: each recipient names a role, an email and a name, and
 * no role is filled twice in one copy.
 */
export function listProblems(copies: readonly BulkSendingCopy[]): CopyProblem[] {
  const problems: CopyProblem[] = []
  copies.forEach((copy, c) => {
    const roles = new Set<string>()
    copy.recipients.forEach((recipient, r) => {
      const path = `bulkCopies[${c}].recipients[${r}]`
      for (const field of ['roleName', 'name', 'email'] as const) {
        if (!recipient[field]) {
          problems.push({ code: 'BULK_SEND_RECIPIENT_INCOMPLETE', message: `${path}.${field} is required` })
        }
      }
      if (recipient.roleName && roles.has(recipient.roleName)) {
        problems.push({
          code: 'BULK_SEND_DUPLICATE_ROLE',
          message: `${path}.roleName '${recipient.roleName}' fills a role already filled in this copy`,
        })
      }
      if (recipient.roleName) roles.add(recipient.roleName)
    })
  })
  return problems
}

export type CopyRequest = { request: EnvelopeDefinitionInput } | { problems: CopyProblem[] }

/** One copy of a list and the template it is sent from, as the envelope request that creates it. */
export function copyRequest(template: Template, copy: BulkSendingCopy, copyIndex: number): CopyRequest {
  const problems: CopyProblem[] = []
  const templateRoles: TemplateRoleInput[] = []
  copy.recipients.forEach((recipient, r) => {
    const path = `bulkCopies[${copyIndex}].recipients[${r}]`
    const role = roleNamed(template, recipient.roleName ?? '')
    if (!role) {
      problems.push({
        code: 'BULK_SEND_ROLE_NOT_IN_TEMPLATE',
        message: `${path}.roleName '${recipient.roleName ?? ''}' is not a role of template ${template.templateId}`,
      })
      return
    }
    const filled = roleOf(role, recipient, path, problems)
    if (filled) templateRoles.push(filled)
  })
  if (problems.length > 0) return { problems }
  const request: EnvelopeDefinitionInput = { status: 'sent', templateId: template.templateId, templateRoles }
  if (copy.emailSubject) request.emailSubject = copy.emailSubject
  if (copy.emailBlurb) request.emailBlurb = copy.emailBlurb
  if (copy.customFields && copy.customFields.length > 0) {
    request.customFields = {
      textCustomFields: copy.customFields.map((field) => ({ name: field.name, value: field.value ?? '' })),
    }
  }
  return { request }
}

/**
 * The role a copy's recipient fills: the one of that exact name, else the only one whose name differs
 * in case alone (DocuSign's bulk send example fills a role `cc` as `CC`). Two roles differing in case
 * alone are told apart by exact names only.
 */
function roleNamed(template: Template, roleName: string): TemplateRole | undefined {
  const exact = template.recipients.find((candidate) => candidate.roleName === roleName)
  if (exact) return exact
  const folded = template.recipients.filter(
    (candidate) => candidate.roleName.toLowerCase() === roleName.toLowerCase(),
  )
  return folded.length === 1 ? folded[0] : undefined
}

function roleOf(
  role: TemplateRole,
  recipient: BulkSendingCopyRecipient,
  path: string,
  problems: CopyProblem[],
): TemplateRoleInput | undefined {
  const tabs: Record<string, Record<string, string>[]> = {}
  for (const [t, tab] of (recipient.tabs ?? []).entries()) {
    const type = Object.keys(role.tabs).find((candidate) =>
      (role.tabs[candidate] ?? []).some((existing) => existing.tabLabel === tab.tabLabel),
    )
    if (!type) {
      problems.push({
        code: 'BULK_SEND_TAB_NOT_IN_ROLE',
        message: `${path}.tabs[${t}].tabLabel '${tab.tabLabel}' is not a tab of role '${role.roleName}'`,
      })
      continue
    }
    // A checkbox holds its value in `selected`; every other labelled tab in `value`.
    const valueField = type === 'checkboxTabs' ? 'selected' : 'value'
    tabs[type] ??= []
    tabs[type].push({ tabLabel: tab.tabLabel, [valueField]: tab.initialValue ?? '' })
  }
  if (problems.length > 0) return undefined
  return {
    roleName: role.roleName,
    name: recipient.name ?? '',
    email: recipient.email ?? '',
    ...(recipient.clientUserId ? { clientUserId: recipient.clientUserId } : {}),
    ...(recipient.accessCode ? { accessCode: recipient.accessCode } : {}),
    // Labels and value fields built from the role's own tabs: the shape the merge overlays.
    ...(Object.keys(tabs).length > 0 ? { tabs: tabs as TemplateRoleInput['tabs'] } : {}),
  }
}

/**
 * `copyRequest`, and whether the envelope create would take the request: the route's schema and the
 * envelope merge (addresses, tab values) are checked here, so `test` and `send` report a copy that
 * cannot become an envelope before anything is queued.
 */
export function checkedCopyRequest(
  template: Template,
  copy: BulkSendingCopy,
  copyIndex: number,
): CopyRequest {
  const built = copyRequest(template, copy, copyIndex)
  if ('problems' in built) return built
  const invalid = Value.Errors(EnvelopeDefinition, built.request).First()
  if (invalid) {
    return {
      problems: [
        {
          code: 'BULK_SEND_INVALID_COPY',
          message: `bulkCopies[${copyIndex}]: ${invalid.path} ${invalid.message}`,
        },
      ],
    }
  }
  try {
    mergeEnvelopeDefinition(built.request, new Map([[template.templateId, template]]), new Map())
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error
    return {
      problems: [{ code: 'BULK_SEND_INVALID_COPY', message: `bulkCopies[${copyIndex}]: ${error.message}` }],
    }
  }
  return built
}

/** The recipients' addresses of a copy, for a failed copy's entry in the batch status. */
export const copyEmails = (copy: BulkSendingCopy): string[] =>
  copy.recipients.flatMap((recipient) => (recipient.email ? [recipient.email] : []))
