import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Security headers for every response (helmet). API answers are JSON that no browser should render,
 * frame or let a page script reuse: the CSP allows nothing. Routes that serve pages set their own
 * policy over it (the hosted flow, /docs). HSTS only when the public address is https, since a
 * browser that saw it on plain http would refuse the site later.
 */
export function securityHeaderOptions(publicBaseUrl: string): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    hsts: publicBaseUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    // Media links are loaded into merchants' dashboards and the SDK into their pages: each route that
    // serves files sets its own cross-origin policy.
    crossOriginResourcePolicy: false,
  };
}
