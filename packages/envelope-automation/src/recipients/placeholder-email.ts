/**
 * Recipient rule 7: the envelope API needs an email on every recipient, even one invited by SMS only. When
 * the contact has no email this address stands in. `.invalid` is reserved (RFC 2606), so no mail can ever
 * be delivered to it, and the recipient's SMS delivery means the service does not try. The one definition.
 */
export const PLACEHOLDER_EMAIL = 'sms-recipient@placeholder.invalid'
