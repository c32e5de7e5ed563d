import type { ConsumerDisclosure } from 'esign-contract'
import { brandPresentation } from '../../brands/service.js'
import type { ServiceContext } from '../../context.js'
import type { DbOrTx } from '../../database.js'
import { envelopeOrFail, recipientsOf } from '../../envelopes/service.js'
import { pickLocale } from '../../identity/pages/messages.js'
import { findAccount } from '../../identity/repository.js'
import { unknownEnvelopeRecipient } from '../../lifecycle/errors.js'
import {
  type ConsumerDisclosureUpdate,
  consumerDisclosure,
  disclosureLanguage,
  disclosureUpdate,
  editableLanguage,
} from '../../signing/disclosure/consumer-disclosure.js'
import {
  findDisclosureDetails,
  findDisclosureOnEveryEnvelope,
  saveDisclosureDetails,
  saveDisclosureOnEveryEnvelope,
} from '../../signing/disclosure/repository.js'
import {
  type DisclosureDetails,
  type DisclosureLanguage,
  disclosureDetailsIn,
} from '../../signing/disclosure/text.js'
import { readRecipientLanguage } from '../../signing/records/recipient-language.js'

/**
 * DocuSign's `getConsumerDisclosure` and `getConsumerDisclosureDefault`, for the account and for one
 * recipient of an envelope: this service's disclosure (signing/disclosure/text.ts), the text the signing
 * page shows. The recipient's is what that recipient is shown: in their page's language unless
 * `langCode` says otherwise, speaking for the envelope's sender; the account's speaks for the account.
 */

export type ConsumerDisclosureDeps = Pick<ServiceContext, 'db' | 'now'>

interface Asked {
  langCode: string | undefined
  acceptLanguage: string | undefined
}

export async function accountConsumerDisclosure(
  deps: ConsumerDisclosureDeps,
  accountId: string,
  asked: Asked,
): Promise<ConsumerDisclosure> {
  const account = await findAccount(deps.db, accountId)
  const language = disclosureLanguage(asked.langCode, () => pickLocale(asked.acceptLanguage), 'en')
  return consumerDisclosure({
    accountId,
    companyName: account?.name ?? '',
    language,
    ...(await storedDisclosure(deps.db, accountId, language)),
  })
}

/**
 * DocuSign's `updateConsumerDisclosure`: what the account adds to its disclosure in one language (its
 * contact details, paper copies, ways to withdraw), for administrators. Properties left out keep their
 * value; an empty text removes one. Answers the disclosure as it now reads.
 */
export async function updateAccountConsumerDisclosure(
  deps: ConsumerDisclosureDeps,
  principal: { accountId: string; userId: string },
  langCode: string,
  update: ConsumerDisclosureUpdate,
): Promise<ConsumerDisclosure> {
  const language = editableLanguage(langCode)
  const { accountId } = principal
  const companyName = (await findAccount(deps.db, accountId))?.name ?? ''
  return deps.db.transaction().execute(async (tx) => {
    // The update starts from what signers read: a version never set, from what it borrows.
    const { details = {}, onEveryEnvelope } = await storedDisclosure(tx, accountId, language)
    const answer = consumerDisclosure({ accountId, companyName, language, details, onEveryEnvelope })
    const next = disclosureUpdate(update, { details, answer })
    await saveDisclosureDetails(tx, {
      accountId,
      language,
      details: next.details,
      userId: principal.userId,
      at: new Date(deps.now()).toISOString(),
    })
    if (next.onEveryEnvelope !== onEveryEnvelope) {
      await saveDisclosureOnEveryEnvelope(tx, accountId, next.onEveryEnvelope)
    }
    return consumerDisclosure({ accountId, companyName, language, ...next })
  })
}

export async function recipientConsumerDisclosure(
  deps: ConsumerDisclosureDeps,
  accountId: string,
  envelopeId: string,
  recipientId: string,
  asked: Asked,
): Promise<ConsumerDisclosure> {
  const envelope = await envelopeOrFail(deps.db, accountId, envelopeId)
  const recipient = (await recipientsOf(deps.db, envelopeId)).find(
    (candidate) => candidate.recipientId === recipientId,
  )
  if (!recipient) {
    throw unknownEnvelopeRecipient(recipientId)
  }
  // As the signing page chooses: the recipient's language, else their brand's, else English.
  const own =
    (await readRecipientLanguage(deps.db, envelopeId, recipient)) ??
    (await brandPresentation(deps.db, accountId, envelope.brandId))?.language ??
    'en'
  const language = disclosureLanguage(asked.langCode, () => pickLocale(asked.acceptLanguage), own)
  return consumerDisclosure({
    accountId,
    companyName: envelope.sender.userName,
    language,
    ...(await storedDisclosure(deps.db, accountId, language)),
  })
}

/**
 * The account's disclosure in `language` as its signers read it (a version never set borrows the other's
 * contact details: `disclosureDetailsIn`), and whether it is asked on every envelope.
 */
async function storedDisclosure(
  db: DbOrTx,
  accountId: string,
  language: DisclosureLanguage,
): Promise<{ details?: DisclosureDetails; onEveryEnvelope: boolean }> {
  const details = disclosureDetailsIn(await findDisclosureDetails(db, accountId), language)
  const onEveryEnvelope = await findDisclosureOnEveryEnvelope(db, accountId)
  return { ...(details ? { details } : {}), onEveryEnvelope }
}
