import client from 'prom-client';
import type { Metrics } from '../ports/metrics.js';

/**
 * Prometheus metrics on a registry of their own (several apps in one test process must not collide).
 * Route labels are route patterns, never raw URLs, to keep cardinality bounded.
 */
export function createMetrics(): Metrics & { registry: client.Registry } {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const requestDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const verificationsDecided = new client.Counter({
    name: 'verifications_decided_total',
    help: 'Verifications decided, by decision',
    labelNames: ['decision'] as const,
    registers: [registry],
  });
  const checkDuration = new client.Histogram({
    name: 'check_duration_seconds',
    help: 'Duration of each verification check',
    labelNames: ['check'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20],
    registers: [registry],
  });
  const checkUnavailable = new client.Counter({
    name: 'check_unavailable_total',
    help: 'Checks that could not run (model or list missing, error, time budget spent)',
    labelNames: ['check'] as const,
    registers: [registry],
  });
  const webhookDeliveries = new client.Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook deliveries by final outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const rateLimitRejections = new client.Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused by a rate limit or the brute-force guard',
    labelNames: ['limiter'] as const,
    registers: [registry],
  });
  const retentionSwept = new client.Counter({
    name: 'retention_swept_total',
    help: 'Removed by the retention sweeper: unfinished and pii (verifications redacted), media (rows), templates, keys (of redacted verifications, left by a crash)',
    labelNames: ['stage'] as const,
    registers: [registry],
  });

  const deltaEntries = new client.Counter({
    name: 'screening_delta_entries_total',
    help: 'List entries added, changed or removed by the list versions re-screened',
    labelNames: ['list', 'change'] as const,
    registers: [registry],
  });
  const rescreenSubjects = new client.Counter({
    name: 'screening_rescreen_subjects_total',
    help: 'Retained verifications and monitors screened again on list deltas',
    labelNames: ['list'] as const,
    registers: [registry],
  });
  const rescreenAlerts = new client.Counter({
    name: 'screening_rescreen_alerts_total',
    help: 'screening.match and screening.match_removed events sent by re-screening',
    labelNames: ['list', 'event'] as const,
    registers: [registry],
  });
  const rescreenDuration = new client.Histogram({
    name: 'screening_rescreen_seconds',
    help: 'How long re-screening one list delta took',
    labelNames: ['list'] as const,
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900],
    registers: [registry],
  });
  const checkJobsGivenUp = new client.Counter({
    name: 'check_jobs_given_up_total',
    help: 'Check jobs whose workers died too often: decided with the image checks unavailable',
    registers: [registry],
  });

  return {
    registry,
    contentType: registry.contentType,
    render: () => registry.metrics(),
    observeRequest(method: string, route: string, status: number, elapsedMs: number) {
      requestDuration.observe({ method, route, status: String(status) }, elapsedMs / 1000);
    },
    verificationDecided(decision: string) {
      verificationsDecided.inc({ decision });
    },
    checkFinished(check: string, elapsedMs: number, unavailable: boolean) {
      checkDuration.observe({ check }, elapsedMs / 1000);
      if (unavailable) checkUnavailable.inc({ check });
    },
    webhookDelivery(outcome: 'delivered' | 'failed' | 'retrying' | 'cancelled') {
      webhookDeliveries.inc({ outcome });
    },
    rateLimited(limiter: string) {
      rateLimitRejections.inc({ limiter });
    },
    retentionSwept(stage, count) {
      retentionSwept.inc({ stage }, count);
    },
    listDeltaRescreened(list, outcome) {
      deltaEntries.inc({ list, change: 'added' }, outcome.added);
      deltaEntries.inc({ list, change: 'changed' }, outcome.changed);
      deltaEntries.inc({ list, change: 'removed' }, outcome.removed);
      rescreenSubjects.inc({ list }, outcome.subjects);
      rescreenAlerts.inc({ list, event: 'screening.match' }, outcome.matches);
      rescreenAlerts.inc({ list, event: 'screening.match_removed' }, outcome.matchesRemoved);
      rescreenDuration.observe({ list }, outcome.seconds);
    },
    checkJobGivenUp() {
      checkJobsGivenUp.inc();
    },
    /** Gauges whose value is read at scrape time (e.g. sanctions list age). */
    addGauge(name: string, help: string, read: () => number | null) {
      new client.Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const value = read();
          if (value !== null) this.set(value);
        },
      });
    },
  };
}
