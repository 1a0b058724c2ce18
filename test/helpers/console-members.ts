import { expect } from 'vitest';
import type { Role } from '../../src/core/members/members.js';
import { createInvitation } from '../../src/use-cases/members/team.js';
import { createSoftAuthenticator, type SoftAuthenticator } from './soft-authenticator.js';
import type { TestContext } from './test-app.js';

export const CONSOLE_ORIGIN = 'https://idv.example.test';
export const SESSION_COOKIE = '__Host-idv_session';

export type ConsoleSession = { cookie: string; csrf: string; memberId: number };

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * A console driven through `app.inject` as a browser on CONSOLE_ORIGIN would: accounts opened by the
 * operator's key, members invited (by the CLI's use case) and signed in with software passkeys, and
 * requests sent with the session cookie and CSRF token.
 */
export function consoleDriver(t: TestContext) {
  const openAccount = async (name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/accounts',
      headers: { 'x-api-key': t.rootKey },
      payload: { name },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { id: number; api_key: { api_key: string } };
    return { id: body.id, apiKey: body.api_key.api_key };
  };

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { origin: CONSOLE_ORIGIN } });

  const sessionFrom = (res: Awaited<ReturnType<typeof post>>): ConsoleSession => {
    expect(res.statusCode, res.body).toBe(200);
    const value = new RegExp(`^${SESSION_COOKIE}=([A-Za-z0-9_-]{43});`).exec(
      String(res.headers['set-cookie']),
    )?.[1];
    expect(value).toBeDefined();
    return { cookie: value!, csrf: res.json().csrf_token, memberId: res.json().member.id };
  };

  /** A member who joined through an invitation link, signed in with a new passkey. */
  const join = async (
    accountId: number,
    email: string,
    role: Role,
    authenticator: SoftAuthenticator = createSoftAuthenticator(),
    invitation: { operator?: boolean } = {},
  ): Promise<ConsoleSession & { authenticator: SoftAuthenticator }> => {
    const { link } = await createInvitation(
      { members: t.platform.stores.members, clock: t.clock, consoleUrl: `${CONSOLE_ORIGIN}/console` },
      { accountId, email, role, invitedBy: null, operator: invitation.operator ?? false },
    );
    const token = link.split('#invitation=')[1]!;
    const options = await post('/v1/console/invitations/options', { token, display_name: email });
    expect(options.statusCode, options.body).toBe(200);
    const { ceremony_id, options: creation } = options.json();
    const session = sessionFrom(
      await post('/v1/console/invitations/accept', {
        token,
        display_name: email,
        ceremony_id,
        credential: authenticator.register(creation, CONSOLE_ORIGIN),
      }),
    );
    return { ...session, authenticator };
  };

  /**
   * Opens an invitation link as its invitee would: the options answer, then (when they were given) the
   * accept answer with a new passkey. Either may be refused; the caller asserts which.
   */
  const acceptLink = async (link: string, displayName: string, authenticator = createSoftAuthenticator()) => {
    const token = link.split('#invitation=')[1]!;
    const options = await post('/v1/console/invitations/options', { token, display_name: displayName });
    if (options.statusCode !== 200) return { options, accept: undefined };
    const { ceremony_id, options: creation } = options.json();
    const accept = await post('/v1/console/invitations/accept', {
      token,
      display_name: displayName,
      ceremony_id,
      credential: authenticator.register(creation, CONSOLE_ORIGIN),
    });
    return { options, accept, session: accept.statusCode === 200 ? sessionFrom(accept) : undefined };
  };

  const signIn = async (authenticator: SoftAuthenticator): Promise<ConsoleSession> => {
    const options = (await post('/v1/console/sign-in/options', {})).json();
    return sessionFrom(
      await post('/v1/console/sign-in', {
        ceremony_id: options.ceremony_id,
        credential: authenticator.signIn(options.options, CONSOLE_ORIGIN),
      }),
    );
  };

  /** A request as the member's browser sends it; `csrf: false` leaves the token out. */
  const as = (
    session: ConsoleSession,
    method: Method,
    url: string,
    payload?: object,
    options: { csrf?: boolean } = {},
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: {
        origin: CONSOLE_ORIGIN,
        cookie: `${SESSION_COOKIE}=${session.cookie}`,
        ...(options.csrf === false ? {} : { 'x-csrf-token': session.csrf }),
      },
    });

  return { openAccount, join, acceptLink, signIn, as };
}
