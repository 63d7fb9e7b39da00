/**
 * English texts of one area: the agent console (web/src/features/agent-*).
 * Data only, like en.ts; the module that shows them adds them to the catalogue (`addTexts`), so they travel in that
 * module's chunk instead of the first bundle (docs/decisions/0045).
 */
export const enConsole = {
  'console.staff': 'Staff',
  'console.title': 'Agent console',
  'console.sign-in-lead': 'Sign in with your staff email to start a work session.',
  'console.sign-in-form': 'Agent sign in',
  'console.email': 'Email',
  'console.password': 'Password',
  'console.take-over-text': 'Taking over signs the other device out.',
  'console.take-over': 'Take over this session',
  'console.cancel': 'Cancel',
  'console.signing-in': 'Signing in…',
  'console.sign-in': 'Sign in',
} as const satisfies Record<string, string>;
