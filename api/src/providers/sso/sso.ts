/** Single sign-on through an outside identity provider (docs/api.md#endpoints: "single-sign-on login by redirect"). */

export interface SsoBeginInput {
  /** Where the provider sends the browser back: this site's /api/sso/callback. */
  redirectUri: string;
  /** Opaque to the provider; echoed back on the callback. */
  state: string;
}

export interface SsoBegin {
  /** The provider's authorization endpoint with every parameter set. */
  url: URL;
  /** PKCE verifier and nonce: kept by the caller for the callback, never sent through the browser's URL. */
  codeVerifier: string;
  nonce: string;
}

export interface SsoCallbackInput {
  redirectUri: string;
  /** The callback's query string as received (code, state, iss…). */
  params: URLSearchParams;
  expectedState: string;
  expectedNonce: string;
  codeVerifier: string;
}

export interface SsoIdentity {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

export interface SsoProvider {
  begin(input: SsoBeginInput): Promise<SsoBegin>;
  /** Exchanges the code and validates the ID token; throws SsoError. */
  complete(input: SsoCallbackInput): Promise<SsoIdentity>;
}

/**
 * `code` is an OAuth-style snake_case word the callback passes to the web app as `/?error=<code>`:
 * the provider's own error (access_denied, invalid_grant, …), `sso_unavailable` when it cannot be reached,
 * `sso_failed` for anything else (a bad ID token, a mismatched nonce).
 */
export class SsoError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
