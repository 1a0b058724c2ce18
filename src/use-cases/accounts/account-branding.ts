/**
 * Account branding (docs/hosted-flow.md "Branding"): the display name, colour, logo and links the
 * hosted flow shows the account's end users. Admins set it; the flow reads it through its client token,
 * which carries nothing else of the account.
 */
import { validationError, type ValidationIssue } from '../../core/errors.js';
import type { Clock } from '../../core/time.js';
import { requireRole } from '../../core/actor.js';
import {
  BRAND_LOGO_MAX_BYTES,
  BRAND_NAME_MAX,
  colourProblem,
  linkProblem,
} from '../../core/accounts/branding.js';
import type { AccountAudit } from '../../ports/account-audit.js';
import type { AccountStore } from '../../ports/account-store.js';
import type { AccountBranding, BrandingStore, LogoEncoder } from '../../ports/branding.js';
import { requireDecodedImage } from '../../core/verifications/uploads.js';
import type { SignedInMember } from '../members/team.js';

export type BrandingDeps = {
  branding: BrandingStore;
  accounts: Pick<AccountStore, 'accountOfKey'>;
};

export type BrandingChangeDeps = BrandingDeps & {
  audit: AccountAudit;
  clock: Clock;
  encodeLogo: LogoEncoder;
};

export type BrandingInput = Omit<AccountBranding, 'hasLogo'>;

const isUnbranded = (b: AccountBranding) =>
  !b.displayName && !b.colour && !b.supportUrl && !b.privacyUrl && !b.hasLogo;

/** The branding of the account that owns a key, or null when it set none (the flow stays as it is). */
export async function brandingOfKey(deps: BrandingDeps, apiKeyId: number): Promise<AccountBranding | null> {
  const accountId = await deps.accounts.accountOfKey(apiKeyId);
  if (accountId === undefined) return null;
  const branding = await deps.branding.findBranding(accountId);
  return isUnbranded(branding) ? null : branding;
}

/** The logo of the account that owns a key, for the flow of one of its verifications. */
export async function logoOfKey(deps: BrandingDeps, apiKeyId: number): Promise<Uint8Array | null> {
  const accountId = await deps.accounts.accountOfKey(apiKeyId);
  return accountId === undefined ? null : deps.branding.findLogo(accountId);
}

export async function readAccountBranding(
  deps: BrandingDeps,
  admin: SignedInMember,
): Promise<AccountBranding> {
  requireRole(admin, 'admin');
  return deps.branding.findBranding(admin.accountId);
}

function brandingIssues(input: BrandingInput): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (input.displayName !== null && input.displayName.trim().length === 0) {
    issues.push({ loc: ['body', 'display_name'], msg: 'must not be blank', type: 'display_name_blank' });
  } else if (input.displayName !== null && input.displayName.length > BRAND_NAME_MAX) {
    issues.push({
      loc: ['body', 'display_name'],
      msg: `must be at most ${BRAND_NAME_MAX} characters`,
      type: 'display_name_too_long',
    });
  }
  const colour = input.colour === null ? null : colourProblem(input.colour);
  if (colour) issues.push({ loc: ['body', 'colour'], ...colour });
  for (const [field, value] of [
    ['support_url', input.supportUrl],
    ['privacy_url', input.privacyUrl],
  ] as const) {
    const problem = value === null ? null : linkProblem(value);
    if (problem) issues.push({ loc: ['body', field], ...problem });
  }
  return issues;
}

const auditView = (b: BrandingInput) => ({
  display_name: b.displayName,
  colour: b.colour,
  support_url: b.supportUrl,
  privacy_url: b.privacyUrl,
});

/** Sets the name, colour and links (null: none); each refusal is a 422 naming its field. Audited. */
export async function setAccountBranding(
  deps: BrandingChangeDeps,
  admin: SignedInMember,
  input: BrandingInput,
): Promise<AccountBranding> {
  requireRole(admin, 'admin');
  const normalised = { ...input, colour: input.colour?.toLowerCase() ?? null };
  const issues = brandingIssues(normalised);
  if (issues.length > 0) throw validationError(issues);
  await deps.audit.atomically(async () => {
    const before = await deps.branding.findBranding(admin.accountId);
    await deps.branding.saveBranding(admin.accountId, normalised, deps.clock.now());
    await deps.audit.record({
      accountId: admin.accountId,
      event: 'branding.changed',
      actor: { memberId: admin.id },
      detail: { from: auditView(before), to: auditView(normalised) },
      at: deps.clock.now(),
    });
  });
  return readAccountBranding(deps, admin);
}

/**
 * Replaces the logo with the service's re-encoding of the uploaded image (base64 or a data URL; null
 * removes it). Only JPEG, PNG and WebP signatures are let through, and an upload over
 * BRAND_LOGO_MAX_BYTES is refused, before any decoder reads it; one no decoder reads is refused too.
 */
export async function setAccountLogo(
  deps: BrandingChangeDeps,
  admin: SignedInMember,
  uploadB64: string | null,
): Promise<AccountBranding> {
  requireRole(admin, 'admin');
  let logo: Uint8Array | null = null;
  if (uploadB64 !== null) {
    const upload = requireDecodedImage(uploadB64);
    if (upload.bytes.length > BRAND_LOGO_MAX_BYTES) {
      throw validationError([
        {
          loc: ['body', 'logo_b64'],
          msg: `the logo is ${upload.bytes.length} bytes; at most ${BRAND_LOGO_MAX_BYTES} are accepted`,
          type: 'logo_too_large',
        },
      ]);
    }
    logo = await deps.encodeLogo(upload.bytes);
    if (logo === null) {
      throw validationError([
        { loc: ['body', 'logo_b64'], msg: 'no image could be read from it', type: 'logo_unreadable' },
      ]);
    }
  }
  await deps.audit.atomically(async () => {
    const before = await deps.branding.findBranding(admin.accountId);
    await deps.branding.saveLogo(admin.accountId, logo, deps.clock.now());
    await deps.audit.record({
      accountId: admin.accountId,
      event: 'branding.changed',
      actor: { memberId: admin.id },
      detail: { from: { logo: before.hasLogo }, to: { logo: logo !== null } },
      at: deps.clock.now(),
    });
  });
  return readAccountBranding(deps, admin);
}
