import pg from 'pg';
import type { Logger } from 'pino';

/** After a lost connection the listener reconnects this often; the workers' poll covers the gap. */
const RECONNECT_DELAY_MS = 1_000;

/**
 * Subscribes to a PostgreSQL NOTIFY channel on a dedicated connection (a pooled one would drop the
 * LISTEN when returned) and calls `onNotify` for each notification. A nudge only: workers still poll,
 * so a notification lost while reconnecting delays work by at most one poll interval.
 */
export async function listenForNotifications(
  databaseUrl: string,
  channel: string,
  onNotify: () => void,
  logger: Logger,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on('error', (error) => {
      logger.warn({ err: error, channel }, 'notification listener lost its connection; reconnecting');
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
    } catch (error) {
      logger.warn({ err: error, channel }, 'notification listener could not connect; retrying');
      void next.end().catch(() => undefined);
      scheduleReconnect();
    }
  };

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, RECONNECT_DELAY_MS);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}
