/** The little of oidc-provider (a devDependency without bundled types) that test/api/sso.test.ts uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Claims = Record<string, unknown> & { sub: string };
  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: Array<Record<string, unknown>>;
        findAccount(
          ctx: unknown,
          id: string,
        ):
          | { accountId: string; claims(): Claims | Promise<Claims> }
          | Promise<{ accountId: string; claims(): Claims }>;
        claims?: Record<string, string[]>;
        cookies?: { keys: string[] };
        features?: Record<string, { enabled: boolean }>;
      },
    );
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
