/**
 * English texts of one area: the mails (api/src/modules/auth/mails.ts, messaging/new-message-mails.ts), in the
 * recipient's language.
 * Data only, like en.ts; the module that shows them adds them to the catalogue (`addTexts`), so they travel in that
 * module's chunk instead of the first bundle (docs/decisions/0045).
 */
export const enMail = {
  'mail.button-fallback': 'If the button does not work, open this address: {href}',
  'mail.verify-welcome': 'Welcome to {brand}!',
  'mail.verify-text': 'Please confirm your email address to start chatting. The link is valid for 48 hours.',
  'mail.verify-subject': '{brand}: confirm your email address',
  'mail.verify-ignore': 'If you did not sign up, you can ignore this email.',
  'mail.verify-button': 'Confirm my email',
  'mail.reset-asked': 'Someone asked to reset the password of your account.',
  'mail.reset-text': 'Open the link below within an hour to choose a new password.',
  'mail.reset-subject': '{brand}: reset your password',
  'mail.reset-ignore': 'If it was not you, ignore this email: your password stays as it is.',
  'mail.reset-button': 'Choose a new password',
  'mail.email-change-asked': 'Someone asked to change the email address of your account to {email}.',
  'mail.email-change-text': 'If it was you, there is nothing to do. If it was not, open the link below within 7 days: your address stays this one and every device is signed out.',
  'mail.email-change-subject': '{brand}: your email address is being changed',
  'mail.email-change-button': 'Keep my email address',
  'mail.new-message-what': '{count, plural, one {a new message} other {# new messages}}',
  'mail.names-two': '{first} and {second}',
  'mail.names-more': '{first}, {second} and {count, plural, one {# other} other {# others}}',
  'mail.new-message-line': 'You have {what} from {names}.',
  'mail.new-message-open': 'Open the chat to read and answer.',
  'mail.new-message-unsubscribe': 'You get this email because "Email me when I get a new message" is on. Turn it off in your settings: {url}',
  'mail.new-message-subject': '{brand}: {what} from {names}',
  'mail.new-message-button': 'Open the chat',
} as const satisfies Record<string, string>;
