import { healthRoutes } from '../http/routes/health.js';
import { metricsRoutes } from '../http/routes/metrics.js';
import type { Platform } from '../platform.js';
import { readinessReport, type ReadinessReport } from '../readiness.js';
import type { Module, Probe } from './module.js';

/** /healthz, /readyz over every module's probes, and /metrics, for operators and load balancers. */
export function operationsModule(platform: Platform, wiring: { probes: () => Probe[] }) {
  const readiness = (): Promise<ReadinessReport> => readinessReport(wiring.probes());
  const operationsToken = platform.config.metricsToken;
  return {
    readiness,
    async routes(app) {
      await app.register(healthRoutes, { readiness, operationsToken });
      await app.register(metricsRoutes, { metrics: platform.metrics, operationsToken });
    },
  } satisfies Module & Record<string, unknown>;
}
