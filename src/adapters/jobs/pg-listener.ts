import pg from 'pg';
import type { Logger } from 'pino';
import type { ChangeFeed } from '../db/read-cache.js';

/** After a lost connection the listener reconnects this often; the workers' poll covers the gap. */
const RECONNECT_DELAY_MS = 1_000;

/**
 * Subscribes to a PostgreSQL NOTIFY channel on a dedicated connection (a pooled one would drop the
 * LISTEN when returned) and calls `onNotify` for each notification. Notifications sent while the
 * connection is down are lost: `onConnectionChange` tells a caller that must know (a cache), and for
 * the workers it is only a nudge, since they still poll.
 */
export async function listenForNotifications(
  databaseUrl: string,
  channel: string,
  onNotify: (payload: string) => void,
  logger: Logger,
  onConnectionChange: (connected: boolean) => void = () => undefined,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    if (stopped) return;
    // Keep-alive probes notice a silently dropped connection, which would otherwise look connected.
    const next = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', (error) => {
      logger.warn({ err: error, channel }, 'notification listener lost its connection; reconnecting');
      void next.end().catch(() => undefined);
      if (client === next) {
        client = null;
        onConnectionChange(false);
      }
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
      onConnectionChange(true);
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

/** A NOTIFY channel as a ChangeFeed for the read caches; see ChangeFeed for what connected() means. */
export async function startChangeFeed(
  databaseUrl: string,
  channel: string,
  logger: Logger,
): Promise<ChangeFeed & { stop(): Promise<void> }> {
  const handlers: Array<(payload: string | null) => void> = [];
  let connected = false;
  const changed = (payload: string | null) => handlers.forEach((handler) => handler(payload));
  const stop = await listenForNotifications(databaseUrl, channel, changed, logger, (isConnected) => {
    connected = isConnected;
    changed(null);
  });
  return {
    connected: () => connected,
    onChange: (handler) => void handlers.push(handler),
    async stop() {
      connected = false;
      await stop();
    },
  };
}
