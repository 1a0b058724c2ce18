import * as client from 'openid-client';
import type { Oidc, OidcProviderSettings } from '../ports/oidc.js';

/**
 * OpenID Connect through `openid-client`: discovery from the issuer, the authorization code flow with
 * PKCE, client_secret_basic at the token endpoint, ID-token validation by the library. Issuers must use
 * https, except a loopback http issuer (a provider started on the same host, as the tests do).
 */
export function createOidc(): Oidc {
  const configure = (provider: OidcProviderSettings) => {
    const url = new URL(provider.issuer);
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    return client.discovery(
      url,
      provider.clientId,
      { client_secret: provider.clientSecret },
      client.ClientSecretBasic(provider.clientSecret),
      url.protocol === 'http:' && loopback ? { execute: [client.allowInsecureRequests] } : undefined,
    );
  };

  return {
    async authorizationUrl(provider, input) {
      const config = await configure(provider);
      return client
        .buildAuthorizationUrl(config, {
          redirect_uri: input.redirectUri,
          scope: 'openid email profile',
          code_challenge: await client.calculatePKCECodeChallenge(input.codeVerifier),
          code_challenge_method: 'S256',
          state: input.state,
          nonce: input.nonce,
        })
        .toString();
    },

    async finish(provider, input) {
      try {
        const config = await configure(provider);
        const tokens = await client.authorizationCodeGrant(config, input.callbackUrl, {
          pkceCodeVerifier: input.codeVerifier,
          expectedState: input.state,
          expectedNonce: input.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) return null;
        // Many providers put only `sub` in the ID token and the rest at the userinfo endpoint, which
        // the library checks answers for the same subject.
        const claims =
          typeof idClaims.email === 'string'
            ? idClaims
            : await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        return {
          email: typeof claims.email === 'string' ? claims.email : null,
          emailVerified: claims.email_verified === true,
          name: typeof claims.name === 'string' ? claims.name : null,
        };
      } catch {
        // A refused code, a bad signature, a wrong nonce or an unreachable issuer: one refusal for all.
        return null;
      }
    },
  };
}
