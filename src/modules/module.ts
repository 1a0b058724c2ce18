import type { App } from '../http/route-context.js';
import type { ComponentStatus } from '../readiness.js';
import type { BackgroundTask } from '../worker/background.js';

/** One /readyz probe: the components it knows, by name. */
export type Probe = () => Promise<Record<string, ComponentStatus>>;

/**
 * What a capability contributes to the process: its routes, the worker role's periodic tasks and
 * long-running loops, its readiness probes, and what it releases at shutdown. Every field is optional:
 * a module has only what its capability needs.
 */
export type Module = {
  routes?: (app: App) => Promise<void>;
  tasks?: BackgroundTask[];
  /** Loops the worker role runs (started after the app is built, stopped before close). */
  loops?: Array<{ start(): void; stop(): Promise<void> }>;
  probes?: Probe[];
  close?(): Promise<void>;
};
