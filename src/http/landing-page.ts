import type { App } from './route-context.js';

/**
 * What a person who opens the service's address in a browser needs: where the API reference, the
 * console and the health checks are. Plain HTML with no script or style, so the default security
 * headers apply unchanged.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Identity verification service</title></head>
<body>
<h1>Identity verification service</h1>
<p>This address serves an API for merchants' backends and a console for their teams.</p>
<ul>
<li><a href="/docs">API reference</a> (OpenAPI 3.1 document: <a href="/openapi.json">/openapi.json</a>)</li>
<li><a href="/console">Team console</a>: review cases, members, keys and settings, signed in with a passkey</li>
<li><a href="/healthz">/healthz</a> and <a href="/readyz">/readyz</a>: liveness and readiness</li>
</ul>
</body>
</html>
`;

export function serveLandingPage(app: App): void {
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
}
