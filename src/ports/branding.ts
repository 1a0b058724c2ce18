/** What the hosted flow shows an account's end users (docs/hosted-flow.md "Branding"); null where unset. */
export type AccountBranding = {
  displayName: string | null;
  colour: string | null;
  supportUrl: string | null;
  privacyUrl: string | null;
  hasLogo: boolean;
};

export type BrandingStore = {
  /** The account's branding; every field null and no logo when it set none. */
  findBranding(accountId: number): Promise<AccountBranding>;
  /** Saves the name, colour and links, keeping the logo. */
  saveBranding(accountId: number, branding: Omit<AccountBranding, 'hasLogo'>, at: Date): Promise<void>;
  /** Replaces (or with null removes) the logo, keeping the rest. */
  saveLogo(accountId: number, logo: Uint8Array | null, at: Date): Promise<void>;
  findLogo(accountId: number): Promise<Uint8Array | null>;
};

/**
 * Decodes an uploaded logo and re-encodes it as a bounded WebP; null when no decoder reads it. Only
 * the re-encoding is stored and served, so nothing of the upload but its pixels reaches end users.
 */
export type LogoEncoder = (bytes: Buffer) => Promise<Uint8Array | null>;
