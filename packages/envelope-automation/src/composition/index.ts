export { BODY_DIVIDER, composeBody, defaultSubjectText } from './body.js'
export { formLanguageName, type Language, resolveLanguage } from './language.js'
export { type ChosenMessage, chosenMessage, type LockedMessage, lockedMessageOf } from './message-lock.js'
export { composeSubject, MAX_SUBJECT_LENGTH, SERVICE_NAME } from './subject.js'
