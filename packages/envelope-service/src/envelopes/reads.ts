/**
 * The envelope as the features above it read it (signing, completion, notifications, Connect, the REST
 * API): their read port. They depend on these reads and types, not on the repository's write path,
 * which only envelopes/, the create path (envelope-api/writer.ts) and the folders' SQL use
 * (dependency-cruiser rule `envelopes-read-port`).
 */
export {
  type EnvelopeRecord,
  findCustomFields,
  findDocuments,
  findEnvelope,
  findEnvelopeById,
  findEnvelopesOfAccount,
  findRecipients,
  findRecipientTimes,
  type StoredCustomFields,
  type StoredEnvelopeDocument,
  type StoredRecipient,
} from './repository.js'
