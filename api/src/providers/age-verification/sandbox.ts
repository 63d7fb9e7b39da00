import crypto from 'node:crypto';
import type { AgeVerificationHandler, AgeVerificationOutcome, AgeVerificationSession, AgeVerificationStart, AgeVerifier } from './verifier.js';

interface SandboxSession extends AgeVerificationStart {
  sessionId: string;
  outcome?: AgeVerificationOutcome;
}

/**
 * An age-verification service in process: `start` opens a session whose page (/api/sandbox/age-verification/{id},
 * served by the sandbox module) offers approve, decline and cancel. The choice is reported to the API's handler
 * before the browser is sent back, so the result is there when the site polls. Session ids are unguessable.
 */
export class SandboxAgeVerifier implements AgeVerifier {
  private handler: AgeVerificationHandler | undefined;
  private readonly sessions = new Map<string, SandboxSession>();

  async start(input: AgeVerificationStart): Promise<AgeVerificationSession> {
    const sessionId = `av_sbx_${crypto.randomBytes(18).toString('base64url')}`;
    this.sessions.set(sessionId, { ...input, sessionId });
    return { sessionId, redirectUrl: `/api/sandbox/age-verification/${sessionId}` };
  }

  onResult(handler: AgeVerificationHandler): void {
    this.handler = handler;
  }

  /** Whether the page should offer a choice: an open session that has not been answered. */
  isOpen(sessionId: string): boolean {
    const s = this.sessions.get(sessionId);
    return Boolean(s && !s.outcome);
  }

  /** The member's choice on the page; returns where the browser goes next, or undefined for an unknown/answered session. */
  async decide(sessionId: string, outcome: AgeVerificationOutcome): Promise<string | undefined> {
    const s = this.sessions.get(sessionId);
    if (!s || s.outcome) return undefined;
    s.outcome = outcome;
    if (!this.handler) throw new Error('no age-verification handler registered');
    await this.handler({ sessionId, reference: s.reference, outcome });
    return outcome === 'cancelled' ? s.cancelUrl : s.callbackUrl;
  }
}
