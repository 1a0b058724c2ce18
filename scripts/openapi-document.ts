/**
 * The service's OpenAPI document, built in-process from the routes' schemas (what GET /openapi.json
 * answers): no port, no models, no sanctions list, an in-memory database.
 */
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/adapters/logger.js';
import { createApp } from '../src/http/app.js';
import { createModules } from '../src/modules/index.js';
import { createPlatform } from '../src/platform.js';

export async function openApiDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    ML_DISABLED: '1',
    SANCTIONS_LIST: '/nonexistent/no-sanctions-list-for-the-openapi-document',
    DATA_ENCRYPTION_KEY: 'a'.repeat(64),
    WEBHOOK_SECRET_KEY: 'b'.repeat(64),
  });
  const platform = await createPlatform(config, { logger: createLogger('silent'), skipSanctions: true });
  const modules = await createModules(platform);
  const app = await createApp(modules.http);
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await modules.close();
    await platform.close();
  }
}
