/**
 * The one catalogue of user-facing texts, shared by the web app (toasts, forms) and the API
 * (error `message`s), so both say exactly the same words. Keys follow SPEC §5 and §8 where the
 * SPEC names them; texts the SPEC leaves "not shown" are written here once.
 */
export const texts = {
  // SPEC §8: generic and authentication errors
  'error.generic': 'Something went wrong, please try again later.',
  'error.login-invalid-credentials': 'Invalid credentials. Please verify username and password',
  'error.login-throttled': 'Too many sign-in attempts. Please try again in {minutes} minutes.',
  'error.agent-already-logged-in': 'This agent is already signed in on another device.',
  'error.auto-login-failed': 'Error during auto-login. You will be logged out.',
  'error.token-expired': 'Your session has expired. You will be logged out.',
  'error.auto-login-not-found': 'User not found. Please register first',
  'error.sso-access-denied': 'You have to give your consent to log in using this account',
  'error.verification-expired': 'Your verification link has expired. Please sign in to receive a new one.',
  'error.unknown': 'Unknown error',
  'error.request-timeout': 'TimeoutError: The operation was aborted due to timeout',
  'error.page-not-found': 'Page not found: {path}',
  'error.page-invalid': 'Page Not Found: {path}',
  'error.unknown-middleware': 'Unknown route middleware',
  'error.not-found-title': 'OOPS! 404 / PAGE NOT FOUND',
  'error.unauthorized': 'Please sign in to continue.',
  'error.forbidden': 'You are not allowed to do this.',
  'error.not-found': 'Not found.',
  'error.validation': 'Some fields are not valid.',
  'error.idempotency-conflict': 'This request was already sent with different details.',
  'error.no-credits': 'You have no credits left. Buy credits to keep chatting.',
  'error.no-subscription': 'This feature is for VIP members. Upgrade to use it.',
  'error.no-likes': 'You have no likes left. Upgrade to keep swiping.',
  'error.new-messages': 'New messages arrived in this conversation. Read them before replying.',
  'error.claim-required': 'This conversation is not claimed by you.',

  // SPEC §8: captcha
  'recaptcha-v2-error': 'CAPTCHA verification failed. Please try again later.',
  'recaptcha-v3-failed': 'Please solve the CAPTCHA to continue.',
  'recaptcha-v2-timeout': 'CAPTCHA timed out. Please try again.',

  // SPEC §8: profiles and the member's own profile
  'profile-filtering-failed': 'Error loading profiles. Try refreshing the page',
  'profile-loading-failed': 'Error loading profile. Try refreshing the page',
  'edit-save-error-invalid-email': 'Invalid email or email already in use. Please try again',
  'profile-edit.saved': 'Your profile has been saved.',
  'profile-edit.delete-error': 'Error deleting the image. Please try again!',
  'profile-edit.email-change-notice': 'We will send a verification link to your new email address when you save.',
  'profile-edit.pending-approval': 'Pending approval',
  'profile-edit.favourite-premium-only': 'Only VIP members can add favorites.',

  // SPEC §5 / §8: image upload
  'image-uploader.failed': 'Error uploading. Please try again!',
  'image-uploader.invalid-type': 'Invalid file type, jpeg or png only',
  'image-uploader.max-size': 'Max file size allowed is 5 mb',
  'image-uploader.min-dimension': 'Mininum dimension is 640px x 360px',
  'image-uploader.too-many-files': 'You can upload up to {max} files at a time.',

  // SPEC §8: favourites (texts not shown in the SPEC)
  'favorite.added': '{username} was added to your favorites.',
  'favorite.removed': '{username} was removed from your favorites.',

  // SPEC §8: support forms
  'support.failed': 'There was a problem submitting your request. Please try again later.',
  'support.contact-success': 'Thank you! Your request was sent (ticket {ticket}). We will reply within 24 hours.',
  'support.affiliate-success': 'Thank you for applying! Our affiliate team will contact you within 48 hours.',

  // SPEC §4: email verification
  'verify.resend-success': 'We sent you a new verification email.',
  'verify.resend-wait': 'You can resend the email in {minutes} minutes.',
  'verify.already-verified': 'Your email address is already verified.',
  'verify.email-changed': 'Your email address was changed. We sent a verification link to {email}.',

  // Account forms (not worded in the SPEC)
  'auth.password-changed': 'Your password has been changed.',

  // SPEC §4: payments (failure texts not shown in full in the SPEC)
  'payment.failed-bank': 'Your bank declined the payment. Please try a different card.',
  'payment.failed-system': 'The payment could not be completed because of a system issue. Please contact support.',
  'payment.card-removed': 'The card has been removed.',
  // Server answers of the payment calls (issue E), shown as the server's message
  'payment.first-purchase-only': 'This offer is only available for your first purchase.',
  'payment.post-payment-only': 'This offer is available after your first purchase.',
  'payment.price-unavailable': 'This package is not available in your country or currency.',
  'payment.product-not-found': 'This package is no longer available.',
  'payment.membership-active': 'You already have an active VIP membership.',
  'payment.order-paid': 'This order has already been paid.',
  'payment.order-pending': 'A payment for this order is already in progress.',
  'payment.invalid-token': 'The card details have expired. Please enter your card again.',
  'payment.card-not-found': 'This card was not found. It may have been removed already.',
  'payment.card-in-use': 'This card pays for your VIP membership. Cancel the membership renewal before removing it.',
  'payment.membership-ended': 'This membership has already ended.',
  'payment.apple-pay-url': 'The Apple Pay validation URL is not valid.',
  'age-verification.required': 'Please verify your age to continue.',
  'age-verification.invalid-url': 'The return address must be on this site.',

  // SPEC §8: agent console
  'agent.error-try-again': 'Something went wrong, try again',
  'agent.error': 'Something went wrong',
  'agent.meetup-delete-error': 'Something went wrong in deleting this meetup, try again',
  'agent.meetup-cancel-error': 'Something went wrong in cancelling this meetup, try again',
  'agent.pause-once-per-hour': 'You can only pause once per hour! Left: {time}',
  'agent.profile-updated': 'Agent Profile has been updated',
  'agent.memo-added': 'Successfully added a memo',
  'agent.memo-updated': 'Successfully updated a memo',
  'agent.memo-removed': 'Successfully removed a memo',
  'agent.meetup-added': 'Successfully added a meetup',
  'agent.meetup-updated': 'Successfully updated a meetup',
  'agent.meetup-removed': 'Successfully removed a meetup',
  'agent.meetup-cancelled': 'Successfully cancelled a meetup',
  'agent.reply-timer-lapse': 'Reply timer lapse',
  // Agent console texts the SPEC leaves not shown (issue D web)
  'agent.queue-empty': 'No conversation is waiting in your stocks right now.',
  'agent.reply-sent': 'Reply sent',
  'agent.admin-reply-sent': 'Reply sent as admin',
  'agent.break-reason-required': 'Please say why you are taking a break.',
  'agent.end-session-title': 'End your session?',
  'agent.end-session-body': 'Your claimed conversation goes back to its stock and your session and break timers stop.',
  'agent.socket-reconnecting': 'Connection lost. Reconnecting (attempt {attempt} of {max})…',
  'agent.socket-manual': 'The connection could not be restored.',
  'agent.session-needed': 'Start your session to claim conversations.',
  'agent.agent-created': 'Agent has been created',
  'agent.fictive-saved': 'Fictive profile has been saved',
  'agent.view-recorded': '{profile} viewed the profile of {member}',
  'agent.favourite-recorded': '{profile} added {member} to favorites',
  'agent.favourite-removed': '{profile} removed {member} from favorites',

  // SPEC §5: validation messages
  'validation.required': 'Required',
  'validation.invalid-value': 'Invalid value',
  'validation.date-string': 'Incorrect date format',
  'validation.adult': 'You have to be at least 18 years old',
  'validation.max-age': 'You have to be at most {max} years old',
  'validation.credit-card': 'Credit card is not valid',
  'validation.cvv': 'The CVV must be a 3 or 4 digit number',
  'validation.expiration-date': 'Invalid expiration date',
  'validation.expiry-mmyy': 'The date format is invalid or in the past',
  'validation.zipcode': 'Invalid zip code',
  'validation.email': 'Please enter a valid email address',
  'validation.min-length': 'The {field} must contain at least {min} symbols',
  'validation.max-length': 'The {field} must contain at most {max} symbols',
  'validation.username': 'The username must be {min} to {max} characters: letters, numbers and underscores only',
  'validation.at-least-one': 'Select at least one',
  'validation.one-of': 'Please choose one of the options',
  'validation.ip-address': 'Please enter a valid IP address',
  'validation.username-or-email': 'Must be a valid username or email address.',
  'validation.terms': 'Please acknowledge to proceed.',
  'validation.checkout-terms': 'You must accept terms and conditions to make a purchase',
  'validation.looking-for-tags': 'Information is required, please fill in some tags',
  'validation.about-me': 'Information is required, please fill the about me field',
  'validation.age-range': 'The age range must be between {min} and {max}, lowest first',
  'validation.passwords-match': 'The passwords do not match',

  // SPEC §9: activity labels ("{count} … ago")
  'activity.just-now': 'Just now',
  'activity.second': '1 second ago',
  'activity.seconds': '{count} seconds ago',
  'activity.minute': '1 minute ago',
  'activity.minutes': '{count} minutes ago',
  'activity.hour': '1 hour ago',
  'activity.hours': '{count} hours ago',
  'activity.day': '1 day ago',
  'activity.days': '{count} days ago',
  'activity.month': '1 month ago',
  'activity.months': '{count} months ago',
  'activity.year': '1 year ago',
  'activity.years': '{count} years ago',

  // Messaging (SPEC §2 /messages and chat; texts not worded in the SPEC)
  'messages.tabs-label': 'Messages',
  'messages.inbox': 'Inbox',
  'messages.conversations': 'Conversations',
  'messages.archive': 'Archive',
  'messages.flirts': 'Flirts',
  'messages.sent': 'Sent',
  'messages.empty-inbox': 'No new conversations yet. Browse profiles to start a conversation.',
  'messages.empty-conversations': 'You have not written to anyone yet. Browse profiles to start a conversation.',
  'messages.empty-archive': 'Nothing archived. Archive a conversation to tidy your inbox; you can restore it any time.',
  'messages.empty-flirts': 'No profile has written to you first yet. Browse profiles to start a conversation.',
  'messages.empty-sent': 'No conversations wait for a reply. Browse profiles to start a conversation.',
  'messages.browse-profiles': 'Browse profiles',
  'messages.archive-action': 'Archive',
  'messages.restore-action': 'Restore',
  'messages.archive-title': 'Archive this conversation?',
  'messages.archive-body': 'The conversation with {username} moves to the Archive. You can restore it any time.',
  'messages.restore-title': 'Restore this conversation?',
  'messages.restore-body': 'The conversation with {username} moves back to your messages.',
  'messages.cancel': 'Cancel',
  'messages.you': 'You: ',
  'messages.attachment': 'Photo',
  'messages.no-messages': 'No messages yet',
  'messages.unread': '{count} unread',
  'messages.page': 'Page {page} of {pages}',
  'messages.previous-page': 'Previous page',
  'messages.next-page': 'Next page',
  'chat.previous': 'Previous conversation',
  'chat.next': 'Next conversation',
  'chat.back': 'Back to messages',
  'chat.online': 'Online',
  'chat.view-profile': 'View profile',
  'chat.placeholder': 'Write a message…',
  'chat.send': 'Send',
  'chat.composer-label': 'Message to {username}',
  'chat.pending': 'Sending',
  'chat.sent': 'Sent',
  'chat.failed': 'Not sent',
  'chat.retry': 'Retry',
  'chat.discard': 'Discard',
  'chat.today': 'Today',
  'chat.yesterday': 'Yesterday',
  'chat.load-older': 'Load older messages',
  'chat.loading-older': 'Loading older messages…',
  'chat.start': 'Say hello to {username}. Each message costs 1 credit.',
  'chat.ask-for-city': 'Ask {username} which city they live in',
  'chat.ask-for-city-text': 'Which city do you live in?',
  'chat.credits-left': '{count} credits left',
  'chat.not-found': 'This conversation is not on this device yet.',
  'chat.profile-loading-failed': 'Error loading profile. Try refreshing the page',
  'chat.attach': 'Attach a photo',
  'chat.uploading': 'Uploading photo… {percent}%',
  'chat.attach-offline': 'You are offline: sending a photo needs a connection. Your text stays here.',
  'chat.open-photo': 'Open photo',
  'gallery.title': 'Photos',
  'gallery.previous': 'Previous photo',
  'gallery.next': 'Next photo',
  'gallery.position': '{index} of {total}',
  'popup.no-credits-title': 'You are out of credits',
  'popup.no-credits-action': 'Buy credits',
  'sync.not-syncing': 'Not syncing: {count} waiting to be sent. We keep trying.',
  'sync.offline': 'You are offline. {count} waiting; they will be sent when you are back online.',
  'sync.retry-now': 'Retry now',

  // Web shell (navigation, layouts, loaders, update prompt); not worded in the SPEC
  'nav.search': 'Search',
  'nav.discover': 'Discover',
  'checkout.save-card': 'Save this card for faster checkout',
  'checkout.save-card-membership': 'Save this card for faster checkout and to renew VIP (unsaved, VIP ends after this period)',
  'match.title': "It's a match!",
  'match.text': 'You and {username} like each other.',
  'match.send-message': 'Send a message',
  'match.keep-swiping': 'Keep swiping',
  'nav.favorites': 'Favorites',
  'nav.messages': 'Messages',
  'nav.credits': 'Credits',
  'nav.main': 'Main navigation',
  'nav.footer': 'Footer',
  'nav.user-menu': 'Account menu',
  'nav.my-account': 'My account',
  'nav.settings': 'Settings',
  'nav.help-center': 'Help center',
  'nav.logout': 'Log out',
  'nav.sign-in': 'Sign in',
  'nav.sign-up': 'Sign up',
  'nav.home': 'Home',
  'nav.prices': 'Prices',
  'nav.about-us': 'About us',
  'nav.faq': 'FAQ',
  'nav.terms': 'Terms',
  'nav.privacy-policy': 'Privacy policy',
  'nav.cookie-policy': 'Cookie policy',
  'nav.contact-us': 'Contact us',
  'nav.affiliates': 'Affiliates',
  'nav.agent-console': 'Console',
  'nav.agent-chat': 'Chat',
  'shell.loading': 'Loading…',
  'shell.coming-soon': 'Coming soon',
  'shell.coming-soon-body': 'This part of {brand} is on its way.',
  'shell.go-home': 'Go to the home page',
  'shell.error-title': 'Something went wrong',
  'shell.close': 'Close',
  'shell.footer-disclaimer': 'Profiles are for entertainment only; no real meetings are possible. You must be 18 or older.',
  'shell.update-available': 'A new version is available.',
  'shell.update-reload': 'Reload',
  'shell.offline-ready': 'The app is ready to work offline.',
  'shell.brand-failed': 'We could not load the site settings. Please refresh the page.',
  'shell.retry': 'Try again',
  'popup.general-title': 'Notice',
  'popup.ok': 'OK',
  'popup.sign-in-title': 'Sign in',
  'popup.password-reset-title': 'Reset your password',
  'popup.sign-up-title': 'Create your account',
} as const satisfies Record<string, string>;

export type TextKey = keyof typeof texts;

export type TextParams = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * The text for `key` with `{name}` placeholders filled from `params`. A placeholder without a
 * value stays as written, so a missing parameter shows up in review instead of vanishing.
 */
export function t(key: TextKey, params?: TextParams): string {
  const text: string = texts[key];
  if (!params) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** Whether a string from outside (a server `code`, a query flag) names a catalogue entry. */
export function isTextKey(key: string): key is TextKey {
  return Object.hasOwn(texts, key);
}
