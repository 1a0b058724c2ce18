import * as client from 'openid-client';
import { ApiError } from '../core/errors.js';
import type { Oidc, OidcProviderSettings } from '../ports/oidc.js';
import { createGuardedFetch } from './http-client/guarded-fetch.js';
import { checkWebhookHost, type ResolveHost } from './http-client/ssrf-guard.js';

/** How long discovered provider metadata is used before it is refreshed in the background. */
export const OIDC_METADATA_TTL_MS = 60 * 60 * 1000;
const CALL_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 512 * 1024;

type CacheEntry = { settings: string; config: client.Configuration; fetchedAt: number };

/**
 * OpenID Connect through `openid-client`: discovery from the issuer, the authorization code flow with
 * PKCE, client_secret_basic at the token endpoint, ID-token validation by the library. Every call the
 * library makes (discovery, token, userinfo, JWKS) goes through the guarded fetch: https only, the
 * address policy of webhooks with the checked address pinned, no redirects, bounded time and size.
 * Discovered metadata is cached per account and settings; a failed discovery is logged through
 * `onDiscoveryFailure` (a reason, no stack) and answered with a fixed 502.
 */
export function createOidc(options: {
  allowInsecure: boolean;
  resolve?: ResolveHost;
  onDiscoveryFailure(accountId: number, reason: string): void;
  now?: () => number;
}): Oidc {
  const now = options.now ?? Date.now;
  const guardedFetch = createGuardedFetch({
    allowInsecure: options.allowInsecure,
    timeoutMs: CALL_TIMEOUT_MS,
    maxBytes: MAX_ANSWER_BYTES,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  const cache = new Map<number, CacheEntry>();
  const inFlight = new Map<number, Promise<client.Configuration>>();
  const settingsKey = (p: OidcProviderSettings) => JSON.stringify([p.issuer, p.clientId, p.clientSecret]);

  const discover = async (provider: OidcProviderSettings): Promise<client.Configuration> => {
    const issuer = new URL(provider.issuer);
    const config = await client.discovery(
      issuer,
      provider.clientId,
      { client_secret: provider.clientSecret },
      client.ClientSecretBasic(provider.clientSecret),
      {
        [client.customFetch]: guardedFetch as client.CustomFetch,
        ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    const endpoint = config.serverMetadata().authorization_endpoint;
    // The browser is only ever sent to the provider the admin named, not wherever its document points.
    if (!endpoint || new URL(endpoint).origin !== issuer.origin) {
      throw new Error('the authorization endpoint is not on the issuer’s origin');
    }
    return config;
  };

  /** One discovery at a time per account; a success replaces the cache entry. */
  const refresh = (provider: OidcProviderSettings): Promise<client.Configuration> => {
    const running = inFlight.get(provider.accountId);
    if (running) return running;
    const started = discover(provider)
      .then((config) => {
        cache.set(provider.accountId, { settings: settingsKey(provider), config, fetchedAt: now() });
        return config;
      })
      .finally(() => inFlight.delete(provider.accountId));
    inFlight.set(provider.accountId, started);
    return started;
  };

  const configFor = async (provider: OidcProviderSettings): Promise<client.Configuration> => {
    const entry = cache.get(provider.accountId);
    if (entry && entry.settings === settingsKey(provider)) {
      // An old entry still answers; the refresh happens beside the request, never in its way.
      if (now() - entry.fetchedAt > OIDC_METADATA_TTL_MS) {
        refresh(provider).catch((error: unknown) =>
          options.onDiscoveryFailure(provider.accountId, reasonOf(error)),
        );
      }
      return entry.config;
    }
    try {
      return await refresh(provider);
    } catch (error) {
      options.onDiscoveryFailure(provider.accountId, reasonOf(error));
      throw new ApiError('sso_provider_unavailable');
    }
  };

  return {
    async refusedIssuer(issuer) {
      const url = new URL(issuer);
      const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
      if (url.protocol !== 'https:' && !(options.allowInsecure && url.protocol === 'http:' && loopback)) {
        return 'the issuer does not use https';
      }
      if (url.username || url.password) return 'the issuer carries credentials';
      if (options.allowInsecure) return null;
      const verdict = await checkWebhookHost(url.hostname, options.resolve);
      return verdict.ok ? null : verdict.reason;
    },

    async authorizationUrl(provider, input) {
      const config = await configFor(provider);
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
        const config = await configFor(provider);
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
          subject: idClaims.sub,
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

function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error instanceof Error ? error.message : String(error)}${cause}`.slice(0, 300);
}
