import type { LockedMessage } from 'esign-contract/message-lock'

/**
 * The send page's rules: which recipients an envelope from several templates has, and the composite
 * templates request that sends it. DocuSign's merge rule (the service applies it on create too): roles
 * with the same name and routing order, from any of the templates, are one recipient.
 */

export interface TemplateRole {
  roleName: string
  routingOrder: number
  kind: string
  /** The role's default delivery (the template recipient's `deliveryMethod`); absent means email. */
  defaultDelivery?: 'email' | 'SMS'
}

export interface TemplateForSending {
  templateId: string
  name: string
  emailSubject?: string
  emailBlurb?: string
  /** The subject and message the template fixes (`messageLock`), or null. */
  lockedMessage: LockedMessage | null
  /** The template's `useDisclosure`, when it gives one. */
  useDisclosure?: boolean
  roles: TemplateRole[]
}

export interface MergedRole extends TemplateRole {
  /** The names of the templates the role comes from, in the order they were picked. */
  templates: string[]
}

export const roleKey = (role: Pick<TemplateRole, 'roleName' | 'routingOrder'>) =>
  `${role.routingOrder}\u0000${role.roleName}`

export function mergeRoles(templates: readonly TemplateForSending[]): MergedRole[] {
  const merged = new Map<string, MergedRole>()
  for (const template of templates) {
    for (const role of template.roles) {
      const key = roleKey(role)
      const found = merged.get(key)
      if (found) {
        if (!found.templates.includes(template.name)) found.templates.push(template.name)
        // As the service merges composites: a later template's default delivery wins.
        if (role.defaultDelivery !== undefined) found.defaultDelivery = role.defaultDelivery
      } else merged.set(key, { ...role, templates: [template.name] })
    }
  }
  return [...merged.values()].sort((a, b) => a.routingOrder - b.routingOrder)
}

/**
 * Whether the envelope asks its signers to agree to the electronic record disclosure when the sender does
 * not say: the first picked template that gives `useDisclosure`, else the account's setting (shown on
 * every envelope or not), as the service takes it.
 */
export function disclosureOf(templates: readonly TemplateForSending[], accountShowsIt = false): boolean {
  return templates.find((template) => template.useDisclosure !== undefined)?.useDisclosure ?? accountShowsIt
}

/** The first template's subject and message that are not empty, as the service fills them too. */
export function prefill(templates: readonly TemplateForSending[]): { subject: string; message: string } {
  return {
    subject: templates.find((template) => template.emailSubject)?.emailSubject ?? '',
    message: templates.find((template) => template.emailBlurb)?.emailBlurb ?? '',
  }
}

export interface RecipientEntry {
  name: string
  delivery: 'email' | 'SMS'
  email: string
  countryCode: string
  phone: string
}

export interface SendRequestInput {
  templates: readonly TemplateForSending[]
  recipients: ReadonlyMap<string, RecipientEntry>
  /** Absent when a template locks them: the envelope takes the template's. */
  subject?: string
  message?: string
  status: 'sent' | 'created'
  /** Absent when the sender left it to the templates. */
  useDisclosure?: boolean
  reminderDelayDays?: number
  expireAfterDays?: number
}

const digits = (value: string) => value.replace(/\D/g, '')

/**
 * The envelope create request: one composite per template (in the order picked), each with its server
 * template and an inline template carrying every merged recipient that the template has a role for.
 */
export function sendRequest(input: SendRequestInput): Record<string, unknown> {
  // Recipient ids are the caller's and unique in the envelope: one per merged recipient, the same in
  // every composite that recipient appears in (the service merges those into one).
  const ids = new Map(mergeRoles(input.templates).map((role, index) => [roleKey(role), String(index + 1)]))
  const composites = input.templates.map((template, index) => {
    const lists: Record<string, Record<string, unknown>[]> = {}
    for (const role of template.roles) {
      const entry = input.recipients.get(roleKey(role))
      // A role left empty (a draft) stays the template's placeholder: nothing to overlay.
      if (!entry || (!entry.name.trim() && !entry.email.trim())) continue
      const recipient: Record<string, unknown> = {
        recipientId: ids.get(roleKey(role)),
        roleName: role.roleName,
        routingOrder: String(role.routingOrder),
      }
      if (role.kind === 'inPersonSigners')
        Object.assign(recipient, { hostName: entry.name, hostEmail: entry.email })
      else Object.assign(recipient, { name: entry.name, email: entry.email })
      if (entry.delivery === 'SMS') {
        recipient.deliveryMethod = 'SMS'
        recipient.phoneNumber = { countryCode: digits(entry.countryCode), number: digits(entry.phone) }
      } else if (role.defaultDelivery === 'SMS') {
        // The sender chose email for a role that texts by default: said, or the template's SMS stays.
        recipient.deliveryMethod = 'email'
      }
      lists[role.kind] = [...(lists[role.kind] ?? []), recipient]
    }
    return {
      compositeTemplateId: String(index + 1),
      serverTemplates: [{ sequence: '1', templateId: template.templateId }],
      ...(Object.keys(lists).length ? { inlineTemplates: [{ sequence: '2', recipients: lists }] } : {}),
    }
  })
  const notification =
    input.reminderDelayDays || input.expireAfterDays
      ? {
          useAccountDefaults: 'false',
          ...(input.reminderDelayDays
            ? {
                reminders: {
                  reminderEnabled: 'true',
                  reminderDelay: String(input.reminderDelayDays),
                  reminderFrequency: String(input.reminderDelayDays),
                },
              }
            : {}),
          ...(input.expireAfterDays
            ? {
                expirations: {
                  expireEnabled: 'true',
                  expireAfter: String(input.expireAfterDays),
                  expireWarn: String(Math.max(1, input.expireAfterDays - 2)),
                },
              }
            : {}),
        }
      : undefined
  return {
    status: input.status,
    ...(input.subject !== undefined ? { emailSubject: input.subject } : {}),
    ...(input.message !== undefined ? { emailBlurb: input.message } : {}),
    ...(input.useDisclosure !== undefined ? { useDisclosure: String(input.useDisclosure) } : {}),
    compositeTemplates: composites,
    ...(notification ? { notification } : {}),
  }
}
