import { isoWithoutZone } from '../time.js';

export type WebhookEvent = {
  id: string;
  type: string;
  verificationId: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
};

/**
 * The delivery body: the documented `{event, verification_id, data}` plus `id` (the event id, the same
 * for every attempt and endpoint, so receivers can drop duplicates) and `created_at`. It is
 * serialised once and stored, so every attempt sends, and signs, the same bytes.
 */
export function serializeWebhookBody(event: WebhookEvent): string {
  return JSON.stringify({
    id: event.id,
    event: event.type,
    created_at: isoWithoutZone(event.createdAt),
    verification_id: event.verificationId,
    data: event.data,
  });
}
