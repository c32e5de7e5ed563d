export {
  buildRecipients,
  type RecipientSource,
  SERVICE_COORDINATOR_ROLE,
  SIGNING_RECIPIENT_ROLE,
} from './build.js'
export { parseSmsPhone, type SmsPhone } from './phone.js'
export { PLACEHOLDER_EMAIL } from './placeholder-email.js'
export { type Delivery, Recipient } from './recipient.js'
