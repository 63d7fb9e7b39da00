import * as client from 'openid-client';
import { SsoError, type SsoBegin, type SsoBeginInput, type SsoCallbackInput, type SsoIdentity, type SsoProvider } from './sso.js';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes; email is what lets an existing account be found. */
  scope?: string;
}

const OAUTH_CODE = /^[a-z0-9_]{1,64}$/;

function toSsoError(err: unknown): SsoError {
  if (err instanceof SsoError) return err;
  if (err instanceof client.AuthorizationResponseError || err instanceof client.ResponseBodyError) {
    const code = String(err.error ?? '').toLowerCase();
    return new SsoError(OAUTH_CODE.test(code) ? code : 'sso_failed', err.error_description ?? err.message);
  }
  return new SsoError('sso_failed', err instanceof Error ? err.message : String(err));
}

/** The real adapter: any OpenID Connect provider, through discovery, authorization code + PKCE + nonce. */
export function createOidcProvider(settings: OidcSettings): SsoProvider {
  const issuerUrl = new URL(settings.issuer);
  const scope = settings.scope ?? 'openid email profile';
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        issuerUrl,
        settings.clientId,
        settings.clientSecret || undefined,
        settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
        // Plain http is only ever configured for a local provider (config refuses it in production).
        issuerUrl.protocol === 'http:' ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      )
      .catch((err: unknown) => {
        // A provider that was down must be asked again next time, not remembered as down.
        discovered = undefined;
        throw new SsoError('sso_unavailable', err instanceof Error ? err.message : String(err));
      });
    return discovered;
  }

  return {
    async begin({ redirectUri, state }: SsoBeginInput): Promise<SsoBegin> {
      const config = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, codeVerifier, nonce };
    },

    async complete(input: SsoCallbackInput): Promise<SsoIdentity> {
      const config = await configuration();
      try {
        // openid-client takes the redirect_uri for the token request from this URL without its query.
        const currentUrl = new URL(input.redirectUri);
        for (const [k, v] of input.params) currentUrl.searchParams.append(k, v);
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: input.codeVerifier,
          expectedState: input.expectedState,
          expectedNonce: input.expectedNonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims?.sub) throw new SsoError('sso_failed', 'The provider returned no subject');
        let email = typeof claims.email === 'string' ? claims.email : undefined;
        let emailVerified = claims.email_verified === true;
        let name = typeof claims.name === 'string' ? claims.name : undefined;
        if (!email && config.serverMetadata().userinfo_endpoint) {
          // Some providers keep email out of the ID token; userinfo has it. Its absence is not an error.
          const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub).catch(() => undefined);
          if (info) {
            email = typeof info.email === 'string' ? info.email : undefined;
            emailVerified = info.email_verified === true;
            name ??= typeof info.name === 'string' ? info.name : undefined;
          }
        }
        return { issuer: claims.iss, subject: claims.sub, email: email?.toLowerCase(), emailVerified, name };
      } catch (err) {
        throw toSsoError(err);
      }
    },
  };
}
