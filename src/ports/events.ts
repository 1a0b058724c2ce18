/** One entry of the event log: a change of a verification, as its webhook carries it. */
export type LoggedEvent = {
  id: string;
  type: string;
  verificationId: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
};

/** The events of the outbox as a log a key reads back (GET /v1/events). */
export type EventLog = {
  /** The key's events since `since`, newest first, after the cursor event when given. */
  list(
    apiKeyId: number,
    filter: { limit: number; since: Date; startingAfter?: string; type?: string },
  ): Promise<{ items: LoggedEvent[]; hasMore: boolean }>;
  /** Deletes events created before `before`, with their deliveries and attempts; returns how many events. */
  purge(before: Date): Promise<number>;
};
