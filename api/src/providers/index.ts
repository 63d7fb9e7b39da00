/**
 * The only code that talks to outside services. Each provider folder holds an interface, a sandbox that
 * behaves like the real service, and the real adapter where one can be written here.
 * Later providers (payments, age verification) add their field here.
 */
import type { AgeVerifier } from './age-verification/verifier.js';
import type { Captcha } from './captcha/captcha.js';
import type { Mailer } from './mail/mailer.js';
import type { CardProcessor } from './payments/processor.js';
import type { PushSender } from './push/push.js';
import type { SsoProvider } from './sso/sso.js';
import type { Storage } from './storage/storage.js';

export interface Providers {
  mail: Mailer;
  captcha: Captcha;
  storage: Storage;
  /** Single sign-on; absent when no OpenID Connect issuer is configured (SSO is off). */
  sso?: SsoProvider;
  /** The card processor (sandbox by default). */
  payments: CardProcessor;
  ageVerification: AgeVerifier;
  /** Web Push to members' devices (the push services are outside services). */
  push: PushSender;
}
