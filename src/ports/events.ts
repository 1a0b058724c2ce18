/** One entry of the event log: a change of a verification, as its webhook carries it. */
export type LoggedEvent = {
  id: string;
  type: string;
  verificationId: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
};

export type EventPageFilter = {
  limit: number;
  since: Date;
  type?: string;
} & (
  { startingAfter?: string; endingBefore?: undefined } | { startingAfter?: undefined; endingBefore: string }
);

/** The events of the outbox as a log a key reads back (GET /v1/events). */
export type EventLog = {
  /**
   * The key's events since `since`, newest first: the newest ones, or those just older than the
   * `startingAfter` event, or those just newer than the `endingBefore` event. `hasMore` says whether
   * more lie beyond the page in the direction read.
   */
  list(apiKeyId: number, filter: EventPageFilter): Promise<{ items: LoggedEvent[]; hasMore: boolean }>;
  /** Deletes events created before `before`, with their deliveries and attempts; returns how many events. */
  purge(before: Date): Promise<number>;
};
