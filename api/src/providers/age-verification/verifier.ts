/**
 * Age verification through an outside service (issue E). The member is sent to the provider's page, proves their
 * age there, and the provider reports the outcome (its webhook) and sends the browser back to the site.
 */

export type AgeVerificationOutcome = 'approved' | 'declined' | 'cancelled';

export interface AgeVerificationStart {
  /** Ours: identifies the member's attempt when the outcome comes back. */
  reference: string;
  /** Absolute URLs on the member's site: after approve/decline, and after cancel. */
  callbackUrl: string;
  cancelUrl: string;
}

export interface AgeVerificationSession {
  sessionId: string;
  /** The provider's page to send the browser to. */
  redirectUrl: string;
}

export interface AgeVerificationResult {
  sessionId: string;
  reference: string;
  outcome: AgeVerificationOutcome;
}

export type AgeVerificationHandler = (result: AgeVerificationResult) => Promise<void>;

export interface AgeVerifier {
  start(input: AgeVerificationStart): Promise<AgeVerificationSession>;
  /** Where outcomes are reported (the API's handler); set once at start. */
  onResult(handler: AgeVerificationHandler): void;
}
