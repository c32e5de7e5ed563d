import { jobsMigration, type MigrationSet } from 'platform'
import { identityMigration } from './0001_identity.js'
import { templatesMigration } from './0002_templates.js'
import { envelopesMigration } from './0003_envelopes.js'
import { connectMigration } from './0004_connect.js'
import { rateLimitsMigration } from './0005_rate_limits.js'
import { blobRetentionMigration } from './0006_blob_retention.js'
import { envelopeStorageMigration } from './0007_envelope_storage.js'
import { lifecycleMigration } from './0009_lifecycle.js'
import { connectDeliveryMigration } from './0010_connect_delivery.js'
import { documentOriginalsMigration } from './0011_document_originals.js'
import { foldersMigration } from './0012_folders.js'
import { recipientAuthMigration } from './0013_recipient_auth.js'
import { workflowMigration } from './0014_workflow.js'
import { connectLogAttemptsMigration } from './0015_connect_log_attempts.js'
import { auditHeadMigration } from './0016_audit_head.js'
import { connectAccountKeysMigration } from './0017_connect_account_keys.js'
import { signInMigration } from './0018_sign_in.js'
import { connectLogEnvelopeStatusMigration } from './0020_connect_log_envelope_status.js'
import { editLocksMigration } from './0022_edit_locks.js'
import { envelopeAttachmentsMigration } from './0023_envelope_attachments.js'
import { bulkSendMigration } from './0024_bulk_send.js'
import { envelopeListIndexesMigration } from './0026_envelope_list_indexes.js'
import { messageSettingsMigration } from './0031_message_settings.js'
import { signerPropertiesMigration } from './0032_signer_properties.js'
import { accountNotificationDefaultsMigration } from './0033_account_notification_defaults.js'
import { envelopeSearchTextMigration } from './0034_envelope_search_text.js'
import { userAuthorizationsMigration } from './0036_user_authorizations.js'
import { envelopeMovedIndexMigration } from './0038_envelope_moved_index.js'
import { templateWorkflowMigration } from './0039_template_workflow.js'
import { permissionProfilesMigration } from './0040_permission_profiles.js'
import { brandsMigration } from './0041_brands.js'
import { reassignMigration } from './0042_reassign.js'
import { codeFamilyMigration } from './0043_code_family.js'
import { secondFactorMigration } from './0044_second_factor.js'
import { requiredSecondFactorMigration } from './0045_required_second_factor.js'
import { signInHistoryMigration } from './0046_sign_in_history.js'
import { messageAndBrandLocksMigration } from './0047_message_and_brand_locks.js'
import { templateEnvelopeIdStampingMigration } from './0048_template_envelope_id_stamping.js'
import { electronicDisclosureMigration } from './0049_electronic_disclosure.js'
import { closedMembershipsMigration } from './0050_closed_memberships.js'
import { leanerEnvelopeIndexesMigration } from './0051_leaner_envelope_indexes.js'
import { accountDisclosuresMigration } from './0052_account_disclosures.js'
import { inboxIndexOnlyMigration } from './0053_inbox_index_only.js'
import { disclosureVersionsMigration } from './0054_disclosure_versions.js'
import { disclosureTextsMigration } from './0055_disclosure_texts.js'

/** Every migration of the service, in order. Each domain owns its file. */
export const migrations: MigrationSet = (dialect) => ({
  '0001_identity': identityMigration(dialect),
  '0002_templates': templatesMigration(dialect),
  '0003_envelopes': envelopesMigration(dialect),
  '0004_connect': connectMigration(dialect),
  '0005_rate_limits': rateLimitsMigration(dialect),
  '0006_blob_retention': blobRetentionMigration(dialect),
  '0007_envelope_storage': envelopeStorageMigration(dialect),
  // The job runner's table, declared by platform (its SQL lives there).
  '0008_jobs': jobsMigration(dialect),
  '0009_lifecycle': lifecycleMigration(dialect),
  '0010_connect_delivery': connectDeliveryMigration(dialect),
  '0011_document_originals': documentOriginalsMigration(dialect),
  '0012_folders': foldersMigration(dialect),
  '0013_recipient_auth': recipientAuthMigration(dialect),
  '0014_workflow': workflowMigration(dialect),
  '0015_connect_log_attempts': connectLogAttemptsMigration(dialect),
  '0016_audit_head': auditHeadMigration(dialect),
  '0017_connect_account_keys': connectAccountKeysMigration(dialect),
  '0018_sign_in': signInMigration(dialect),
  '0020_connect_log_envelope_status': connectLogEnvelopeStatusMigration(dialect),
  '0022_edit_locks': editLocksMigration(dialect),
  '0023_envelope_attachments': envelopeAttachmentsMigration(dialect),
  '0024_bulk_send': bulkSendMigration(dialect),
  '0026_envelope_list_indexes': envelopeListIndexesMigration(dialect),
  '0031_message_settings': messageSettingsMigration(dialect),
  '0032_signer_properties': signerPropertiesMigration(dialect),
  '0033_account_notification_defaults': accountNotificationDefaultsMigration(dialect),
  '0034_envelope_search_text': envelopeSearchTextMigration(dialect),
  '0036_user_authorizations': userAuthorizationsMigration(dialect),
  '0038_envelope_moved_index': envelopeMovedIndexMigration(dialect),
  '0039_template_workflow': templateWorkflowMigration(dialect),
  '0040_permission_profiles': permissionProfilesMigration(dialect),
  '0041_brands': brandsMigration(dialect),
  '0042_reassign': reassignMigration(dialect),
  '0043_code_family': codeFamilyMigration(dialect),
  '0044_second_factor': secondFactorMigration(dialect),
  '0045_required_second_factor': requiredSecondFactorMigration(dialect),
  '0046_sign_in_history': signInHistoryMigration(dialect),
  '0047_message_and_brand_locks': messageAndBrandLocksMigration(dialect),
  '0048_template_envelope_id_stamping': templateEnvelopeIdStampingMigration(),
  '0049_electronic_disclosure': electronicDisclosureMigration(dialect),
  '0050_closed_memberships': closedMembershipsMigration(),
  '0051_leaner_envelope_indexes': leanerEnvelopeIndexesMigration(),
  '0052_account_disclosures': accountDisclosuresMigration(),
  '0053_inbox_index_only': inboxIndexOnlyMigration(dialect),
  '0054_disclosure_versions': disclosureVersionsMigration(),
  '0055_disclosure_texts': disclosureTextsMigration(dialect),
})
