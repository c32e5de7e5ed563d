/** The development mailbox: messages kept instead of sent when no SMTP server or SMS provider is set. */
export interface DevMailboxTable {
  id: string
  /** `email` or `sms`. */
  channel: string
  /** The address or E.164 phone number the message was for. */
  recipient: string
  subject: string
  text_body: string
  html_body: string | null
  created_at: string
}

export interface DevMailboxTables {
  dev_mailbox: DevMailboxTable
}
