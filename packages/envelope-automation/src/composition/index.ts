export {
  type ChosenMessage,
  chosenMessage,
  type LockedMessage,
  lockedMessageOf,
} from 'esign-contract/message-lock'
export { BODY_DIVIDER, composeBody, defaultSubjectText } from './body.js'
export { formLanguageName, type Language, resolveLanguage } from './language.js'
export { composeSubject, MAX_SUBJECT_LENGTH, SERVICE_NAME } from './subject.js'
