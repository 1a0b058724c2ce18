/**
 * Statuses: doc_front (initial) → doc_back → selfie → decided; expired past expires_at; canceled by the
 * merchant while open.
 */
export const VERIFICATION_STATUSES = [
  'doc_front',
  'doc_back',
  'selfie',
  'decided',
  'expired',
  'canceled',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Submit is accepted only from these statuses. */
export const SUBMITTABLE: readonly VerificationStatus[] = ['doc_back', 'selfie'];

export const OPEN_STATUSES: readonly VerificationStatus[] = ['doc_front', 'doc_back', 'selfie'];

export const VERIFICATION_TTL_SECONDS = 24 * 3600;
export const CLIENT_TOKEN_TTL_SECONDS = 1800;
export const MEDIA_URL_TTL_SECONDS = 3600;
export const MAX_SELFIE_FRAMES = 8;

const order: Record<VerificationStatus, number> = {
  doc_front: 0,
  doc_back: 1,
  selfie: 2,
  decided: 3,
  expired: 3,
  canceled: 3,
};

/** Uploads move the status forward only; retaking an earlier step never moves it back. */
export function advance(current: VerificationStatus, reached: VerificationStatus): VerificationStatus {
  return order[reached] > order[current] ? reached : current;
}

export function isOpen(status: string): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

export function isExpired(status: string, expiresAt: Date, now: Date): boolean {
  return isOpen(status) && now.getTime() >= expiresAt.getTime();
}

/** SDK status names for a decision. */
export function sdkStatus(decision: string | null): 'approved' | 'in_review' | 'declined' | null {
  if (decision === 'approve') return 'approved';
  if (decision === 'review') return 'in_review';
  if (decision === 'decline') return 'declined';
  return null;
}
