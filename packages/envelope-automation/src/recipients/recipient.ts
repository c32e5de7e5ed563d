import type { EnvelopeSigner } from 'esign-contract'
import { parseSmsPhone, type SmsPhone } from './phone.js'
import { PLACEHOLDER_EMAIL } from './placeholder-email.js'

export type Delivery = { method: 'email' } | { method: 'SMS'; phone: SmsPhone }

/**
 * One role of the envelope filled with a person. Immutable: `withSmsDelivery` returns a new recipient, so
 * a recipient built for one envelope can never be switched to SMS behind another caller's back.
 */
export class Recipient {
  private constructor(
    readonly roleName: string,
    readonly routingOrder: string,
    readonly name: string,
    /** Blank when the contact has none; the wire shape then needs a phone (rule 7). */
    readonly email: string,
    /** The CRM record merge fields resolve against (rule 4): the case. */
    readonly sourceRecordId: string,
    readonly delivery: Delivery,
  ) {
    Object.freeze(this)
  }

  static byEmail(fields: {
    roleName: string
    routingOrder: string
    name: string
    email: string
    sourceRecordId: string
  }): Recipient {
    return new Recipient(
      fields.roleName,
      fields.routingOrder,
      fields.name.trim(),
      fields.email.trim(),
      fields.sourceRecordId,
      { method: 'email' },
    )
  }

  /** A copy of this recipient invited by SMS at `phone` (validated, normalised to E.164). */
  withSmsDelivery(phone: string): Recipient {
    const sms = parseSmsPhone(phone)
    return new Recipient(this.roleName, this.routingOrder, this.name, this.email, this.sourceRecordId, {
      method: 'SMS',
      phone: sms,
    })
  }

  /** The signer of an inline template; an SMS recipient without email gets the placeholder (rule 7). */
  toSigner(): EnvelopeSigner {
    const bySms = this.delivery.method === 'SMS'
    const signer: EnvelopeSigner = {
      roleName: this.roleName,
      routingOrder: this.routingOrder,
      name: this.name,
      email: this.email === '' && bySms ? PLACEHOLDER_EMAIL : this.email,
    }
    if (this.delivery.method === 'SMS') {
      signer.deliveryMethod = 'SMS'
      signer.phoneNumber = {
        countryCode: this.delivery.phone.countryCode,
        number: this.delivery.phone.number,
      }
    }
    return signer
  }
}
