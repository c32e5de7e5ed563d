import type { BulkSendingCopy, BulkSendingList } from 'esign-contract'
import { makePdfBase64 } from '../../documents/test-pdfs.js'

/** For bulk send tests and the bench: a template with one signer role and a labelled text tab, and lists for it. */

export const BULK_ROLE = 'Member'
export const COMPANY_TAB = 'Company'

/** `POST /templates` body: one document, the `Member` signer with a sign-here and a `Company` text tab. */
export async function bulkTemplateBody(): Promise<Record<string, unknown>> {
  const at = { documentId: '1', pageNumber: '1', xPosition: '100' }
  return {
    name: 'Membership renewal',
    emailSubject: 'Please renew your membership',
    documents: [{ documentId: '1', name: 'Renewal.pdf', documentBase64: await makePdfBase64(1) }],
    recipients: {
      signers: [
        {
          recipientId: '1',
          roleName: BULK_ROLE,
          routingOrder: '1',
          tabs: {
            signHereTabs: [{ ...at, yPosition: '100' }],
            textTabs: [{ ...at, yPosition: '200', tabLabel: COMPANY_TAB }],
          },
        },
      ],
    },
  }
}

/** The address of copy `index` of a list made by `bulkCopies`. */
export const memberEmail = (prefix: string, index: number) => `${prefix}-${index}@example.test`

/** `count` copies, one member each, with a company and a custom field of their own. */
export function bulkCopies(count: number, prefix = 'member'): BulkSendingCopy[] {
  return Array.from({ length: count }, (_, index) => ({
    recipients: [
      {
        roleName: BULK_ROLE,
        name: `Member ${index}`,
        email: memberEmail(prefix, index),
        tabs: [{ tabLabel: COMPANY_TAB, initialValue: `Company ${index}` }],
      },
    ],
    customFields: [{ name: 'memberNumber', value: String(index) }],
  }))
}

export const bulkList = (count: number, prefix = 'member'): BulkSendingList => ({
  name: `${count} members`,
  bulkCopies: bulkCopies(count, prefix),
})
