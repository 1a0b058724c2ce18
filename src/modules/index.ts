import type { AppDeps } from '../http/app.js';
import type { Platform } from '../platform.js';
import { startBackgroundTasks } from '../worker/background.js';
import { accountsModule } from './accounts.js';
import { captureModule } from './capture.js';
import { checkQueueModule } from './check-queue.js';
import { eventsModule } from './events.js';
import { idempotencyModule } from './idempotency.js';
import { membersModule } from './members.js';
import type { Module } from './module.js';
import { operationsModule } from './operations.js';
import { privacyModule } from './privacy.js';
import { screeningModule } from './screening.js';
import { signalsModule } from './signals.js';
import { verificationsModule } from './verifications.js';
import { webhooksModule } from './webhooks.js';

export type Modules = Awaited<ReturnType<typeof createModules>>;

/**
 * The service's capabilities on one platform, and the only wiring between them: the key hook from
 * accounts guards the others' keyed routes; a committed decision wakes the webhook worker; capture
 * and the check queue run on the verifications' use-case dependencies; operations reads every probe.
 * A new capability is one file in this folder and one line in `list`.
 */
export async function createModules(platform: Platform) {
  const idempotency = idempotencyModule(platform);
  const accounts = accountsModule(platform);
  const { requireScope } = accounts;
  const webhooks = webhooksModule(platform, { requireScope });
  const events = eventsModule(platform, { requireScope });
  const verifications = verificationsModule(platform, { requireScope, onDecided: webhooks.kick });
  const members = membersModule(platform, {
    verifications: verifications.deps,
    webhooks: webhooks.endpointDeps,
    apiKeys: accounts.apiKeyDeps,
    publishableKeys: accounts.publishableKeyDeps,
  });
  const capture = captureModule(platform, { verifications: verifications.deps });
  const checkQueue = await checkQueueModule(platform, { verifications: verifications.deps });
  const screening = screeningModule(platform, { requireScope, onEvents: webhooks.kick });
  const signals = signalsModule(platform);
  const privacy = privacyModule(platform);
  const operations = operationsModule(platform, {
    probes: () => [platform.probes, list.map((m) => m.probes ?? [])].flat(2),
    requireMember: members.requireMember,
    merchantAccounts: accounts.merchantAccountDeps,
  });
  // The order the routes register in, and the reverse of the order they close in. Idempotency comes
  // before the modules whose routes it wraps.
  const list: Module[] = [
    operations,
    idempotency,
    accounts,
    members,
    signals,
    webhooks,
    events,
    verifications,
    capture,
    screening,
    checkQueue,
    privacy,
  ];

  return {
    accounts,
    members,
    webhooks,
    verifications,
    checkQueue,
    privacy,
    idempotency,
    screening,
    readiness: operations.readiness,
    /** What the HTTP application is built from (src/http/app.ts). */
    http: {
      config: platform.config,
      logger: platform.logger,
      accessLog: platform.accessLog,
      metrics: platform.metrics,
      routes: list.flatMap((m) => (m.routes ? [m.routes] : [])),
      flowFrameAncestors: accounts.flowFrameAncestors,
    } satisfies AppDeps,
    /** Starts the worker role's loops and periodic tasks (none in ROLE=api); returns their stop. */
    async startBackground(): Promise<() => Promise<void>> {
      if (platform.config.role === 'api') return async () => {};
      const loops = list.flatMap((m) => m.loops ?? []);
      for (const loop of loops) loop.start();
      const stopTasks = startBackgroundTasks(
        list.flatMap((m) => m.tasks ?? []),
        platform.logger,
      );
      return async () => {
        await stopTasks();
        for (const loop of loops.reverse()) await loop.stop();
      };
    },
    /** Closes the modules in reverse order; the platform closes after them (its own close). */
    async close() {
      for (const module of [...list].reverse()) await module.close?.();
    },
  };
}
