/** An envelope attachment (migration 0023): the sender's file, kept with the envelope. */
export interface EnvelopeAttachmentsTable {
  envelope_id: string
  attachment_id: string
  label: string
  name: string
  attachment_type: string
  access_control: string
  blob_id: string
  /** Order of first addition, for listing. */
  position: number
}

export interface AttachmentTables {
  envelope_attachments: EnvelopeAttachmentsTable
}
