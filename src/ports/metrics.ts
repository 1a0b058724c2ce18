/** What the service counts; rendered at /metrics in the Prometheus text format. */
export type Metrics = {
  observeRequest(method: string, route: string, status: number, elapsedMs: number): void;
  verificationDecided(decision: string): void;
  checkFinished(check: string, elapsedMs: number, unavailable: boolean): void;
  webhookDelivery(outcome: 'delivered' | 'failed' | 'retrying' | 'cancelled'): void;
  rateLimited(limiter: string): void;
  /** Rows the retention sweeper removed or redacted, by stage (docs/privacy.md). */
  retentionSwept(stage: 'unfinished' | 'media' | 'pii' | 'templates' | 'keys', count: number): void;
  /** A list delta re-screened (docs/screening.md "Monitoring"): its entries, the subjects screened, the alerts it sent. */
  listDeltaRescreened(
    list: string,
    outcome: {
      added: number;
      changed: number;
      removed: number;
      subjects: number;
      matches: number;
      matchesRemoved: number;
      seconds: number;
    },
  ): void;
  /** A check job whose workers died too often, decided with the image checks unavailable. */
  checkJobGivenUp(): void;
  /** Gauges whose value is read at scrape time (e.g. sanctions list age). */
  addGauge(name: string, help: string, read: () => number | null): void;
  readonly contentType: string;
  render(): Promise<string>;
};
