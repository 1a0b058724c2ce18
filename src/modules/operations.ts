import { healthRoutes } from '../http/routes/health.js';
import type { MerchantAccountDeps } from '../use-cases/accounts/merchant-accounts.js';
import type { RequireMember } from '../http/member-session.js';
import { metricsRoutes } from '../http/routes/metrics.js';
import { operatorConsoleRoutes } from '../http/routes/operator-console.js';
import type { Platform } from '../platform.js';
import { readinessReport, type ReadinessReport } from '../readiness.js';
import type { Module, Probe } from './module.js';

/**
 * /healthz, /readyz over every module's probes, and /metrics, for operators and load balancers; and the
 * same health with the accounts' usage for operator members in the console.
 */
export function operationsModule(
  platform: Platform,
  wiring: { probes: () => Probe[]; requireMember: RequireMember; merchantAccounts: MerchantAccountDeps },
) {
  const readiness = (): Promise<ReadinessReport> => readinessReport(wiring.probes());
  const operationsToken = platform.config.metricsToken;
  return {
    readiness,
    async routes(app) {
      await app.register(healthRoutes, { readiness, operationsToken });
      await app.register(metricsRoutes, { metrics: platform.metrics, operationsToken });
      await app.register(operatorConsoleRoutes, {
        deps: wiring.merchantAccounts,
        readiness,
        requireMember: wiring.requireMember,
      });
    },
  } satisfies Module & Record<string, unknown>;
}
