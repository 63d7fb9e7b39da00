/**
 * English texts of one area: Sign-in, password reset and captcha (web/src/features/account-forms).
 * Data only, like en.ts; the module that shows them adds them to the catalogue (`addTexts`), so they travel in that
 * module's chunk instead of the first bundle (docs/decisions/0045).
 */
export const enAccount = {
  'account.sign-in-form': 'Sign in',
  'account.username-or-email': 'Username or email',
  'account.password': 'Password',
  'account.forgot-password': 'Forgot your password?',
  'account.signing-in': 'Signing in…',
  'account.sign-in': 'Sign in',
  'account.welcome-back': 'Welcome back',
  'account.sign-in-lead': 'Sign in to pick up your conversations on {brand}.',
  'account.forgot-lead': 'It happens. We will help you get back in.',
  'account.new-to': 'New to {brand}? <0>Create a free account</0>',
  'account.new-here': 'New here? <0>Create a free account</0>',
  'account.already-member': 'Already a member? <0>Sign in</0>',
  'account.captcha-title': 'One more step: please confirm you are a person.',
  'account.captcha-not-robot': "I'm not a robot",
  'account.reset-sent': 'If an account exists for <0>{email}</0>, a link to reset your password is on its way. It can take a few minutes, so check your spam folder too.',
  'account.back-to-sign-in': 'Back to sign in',
  'account.reset-form': 'Reset your password',
  'account.reset-lead': 'Enter the email address of your account and we will send you a link to choose a new password.',
  'account.email': 'Email',
  'account.sending': 'Sending…',
  'account.send-reset-link': 'Send reset link',
} as const satisfies Record<string, string>;
