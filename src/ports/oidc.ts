/** OpenID Connect as a relying party, as the single sign-on use case needs it (src/adapters/oidc.ts). */
export type OidcProviderSettings = {
  accountId: number;
  issuer: string;
  clientId: string;
  clientSecret: string;
};

/** `subject` is the provider's stable id of the person (`sub`), unique per issuer. */
export type OidcIdentity = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
};

export type Oidc = {
  /**
   * Null when the issuer's host may be reached under the address policy, else why not (for the log).
   * Checked when an admin saves the settings; every later call is checked again.
   */
  refusedIssuer(issuer: string): Promise<string | null>;
  /**
   * Where to send the browser: the provider's authorization endpoint with PKCE (S256), state and nonce.
   * The provider's metadata comes from the account's cache when there is an entry for these settings
   * (refreshed in the background once old); otherwise it is discovered now. Throws the 502
   * `sso_provider_unavailable` when discovery fails or the endpoint is not on the issuer's origin.
   */
  authorizationUrl(
    provider: OidcProviderSettings,
    input: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
  ): Promise<string>;
  /**
   * Redeems the code of the callback and validates the ID token (issuer, audience, signature, expiry,
   * nonce, state, PKCE). Null when anything does not verify.
   */
  finish(
    provider: OidcProviderSettings,
    input: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string },
  ): Promise<OidcIdentity | null>;
};
