import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES } from '../../core/members/members.js';
import { ApiError } from '../../core/errors.js';
import { isoWithoutZone } from '../../core/time.js';
import {
  accountAudit,
  changeMembership,
  createInvitation,
  csrfTokenOf,
  finishAcceptingInvitation,
  finishSignIn,
  listTeam,
  revokeInvitation,
  SESSION_TIMEOUTS,
  signOut,
  signOutEverywhere,
  startAcceptingInvitation,
  startSignIn,
  type SignedInMember,
  type TeamDeps,
} from '../../use-cases/members/team.js';
import {
  clearSessionCookie,
  readSessionCookie,
  setSessionCookie,
  type AnonymousLimit,
  type RequireMember,
  type SessionCookie,
} from '../member-session.js';
import type { Invitation, Member } from '../../ports/member-store.js';
import { errorSchema, guardErrors } from '../schemas.js';
import { parseId } from '../validation.js';

const security = [{ consoleSession: [] }];

const memberSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  email: z.string(),
  display_name: z.string(),
  role: z.enum(ROLES),
  operator: z.boolean(),
});

const signedInSchema = z.object({ member: memberSchema, csrf_token: z.string() });

const presentMember = (m: SignedInMember) => ({
  id: m.id,
  account_id: m.accountId,
  email: m.email,
  display_name: m.displayName,
  role: m.role,
  operator: m.operator,
});

const listedMemberSchema = memberSchema.extend({
  created_at: z.string(),
  /** Single sign-on may sign this member in (provisioned by it, allowed by an admin, or linked). */
  sso_allowed: z.boolean(),
});

const presentListedMember = (m: Member) => ({
  id: m.id,
  account_id: m.account_id,
  email: m.email,
  display_name: m.display_name,
  role: m.role,
  operator: m.operator,
  created_at: isoWithoutZone(m.created_at)!,
  sso_allowed: m.sso_allowed,
});

const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  /** The member who made it; null when the host's CLI did. */
  invited_by: z.number().int().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});

const presentInvitation = (i: Invitation): z.infer<typeof invitationSchema> => ({
  id: Number(i.id),
  email: i.email,
  role: i.role,
  invited_by: i.invited_by === null ? null : Number(i.invited_by),
  created_at: isoWithoutZone(i.created_at)!,
  expires_at: isoWithoutZone(i.expires_at)!,
  accepted_at: isoWithoutZone(i.accepted_at),
  revoked_at: isoWithoutZone(i.revoked_at),
});

const memberIdOf = (raw: string) => parseId(raw, 'member_not_found');

const token = z.string().min(1).max(200);
const displayName = z.string().trim().min(1).max(100);
/** The browser's PublicKeyCredential JSON, checked by the WebAuthn library. */
const credential = z.record(z.string(), z.unknown());

/**
 * The console's people routes (docs/review.md "Teams"): invitations, passkey registration and sign-in,
 * the session, sign-out. They answer only to a session cookie, never to an API key.
 */
export const consoleTeamRoutes: FastifyPluginAsync<{
  deps: TeamDeps;
  requireMember: RequireMember;
  limitAnonymous: AnonymousLimit;
  cookie: SessionCookie;
}> = async (instance, { deps, requireMember, limitAnonymous, cookie }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** Unauthenticated POSTs (sign-in) still refuse a foreign Origin: no signing a browser in from elsewhere. */
  const sameOrigin = async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== cookie.origin) throw new ApiError('csrf_token_invalid');
  };

  const signedIn = (
    reply: Parameters<typeof setSessionCookie>[0],
    member: SignedInMember,
    sessionId: string,
  ) => {
    setSessionCookie(reply, cookie, sessionId, (deps.timeouts ?? SESSION_TIMEOUTS).absoluteSeconds);
    reply.header('cache-control', 'no-store');
    return { member: presentMember(member), csrf_token: csrfTokenOf(sessionId) };
  };

  app.post(
    '/v1/console/invitations/options',
    {
      onRequest: [limitAnonymous, sameOrigin],
      schema: {
        tags: ['console'],
        summary: 'Start accepting an invitation: the passkey registration options for the invitee',
        body: z.object({ token, display_name: displayName }),
        response: {
          200: z.object({
            ceremony_id: z.string(),
            email: z.string(),
            role: z.enum(ROLES),
            options: z.record(z.string(), z.unknown()),
          }),
          403: errorSchema,
          404: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      const started = await startAcceptingInvitation(deps, {
        token: request.body.token,
        displayName: request.body.display_name,
      });
      return {
        ceremony_id: started.ceremonyId,
        email: started.email,
        role: started.role,
        options: started.options,
      };
    },
  );

  app.post(
    '/v1/console/invitations/accept',
    {
      onRequest: [limitAnonymous, sameOrigin],
      schema: {
        tags: ['console'],
        summary: 'Accept an invitation with a new passkey: the member is created and signed in',
        body: z.object({ token, display_name: displayName, ceremony_id: token, credential }),
        response: {
          200: signedInSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { member, sessionId } = await finishAcceptingInvitation(deps, {
        token: request.body.token,
        displayName: request.body.display_name,
        ceremonyId: request.body.ceremony_id,
        credential: request.body.credential,
        previousSessionId: readSessionCookie(request, cookie),
      });
      return signedIn(reply, member, sessionId);
    },
  );

  app.post(
    '/v1/console/sign-in/options',
    {
      onRequest: [limitAnonymous, sameOrigin],
      schema: {
        tags: ['console'],
        summary: 'Start a passkey sign-in: the authentication options',
        body: z.object({}).optional(),
        response: {
          200: z.object({ ceremony_id: z.string(), options: z.record(z.string(), z.unknown()) }),
          403: errorSchema,
          429: errorSchema,
        },
      },
    },
    async () => {
      const started = await startSignIn(deps);
      return { ceremony_id: started.ceremonyId, options: started.options };
    },
  );

  app.post(
    '/v1/console/sign-in',
    {
      onRequest: [limitAnonymous, sameOrigin],
      schema: {
        tags: ['console'],
        summary: 'Sign in with a passkey; sets a new session cookie (any previous session is ended)',
        body: z.object({ ceremony_id: token, credential }),
        response: { 200: signedInSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { member, sessionId } = await finishSignIn(deps, {
        ceremonyId: request.body.ceremony_id,
        credential: request.body.credential,
        previousSessionId: readSessionCookie(request, cookie),
      });
      return signedIn(reply, member, sessionId);
    },
  );

  app.get(
    '/v1/console/session',
    {
      ...requireMember(),
      schema: {
        tags: ['console'],
        summary: 'The signed-in member and the CSRF token their state-changing requests must send',
        security,
        response: { 200: signedInSchema, ...guardErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { member: presentMember(request.member!), csrf_token: csrfTokenOf(request.memberSessionId!) };
    },
  );

  app.post(
    '/v1/console/sign-out',
    {
      ...requireMember(),
      schema: {
        tags: ['console'],
        summary: 'End this session',
        security,
        response: { 204: z.null(), ...guardErrors },
      },
    },
    async (request, reply) => {
      await signOut(deps, request.memberSessionId!);
      clearSessionCookie(reply, cookie);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/v1/console/sign-out-everywhere',
    {
      ...requireMember(),
      schema: {
        tags: ['console'],
        summary: "End every one of the member's sessions, on every device",
        security,
        response: { 200: z.object({ ended_sessions: z.number().int() }), ...guardErrors },
      },
    },
    async (request, reply) => {
      const ended = await signOutEverywhere(deps, request.member!);
      clearSessionCookie(reply, cookie);
      return { ended_sessions: ended };
    },
  );

  app.get(
    '/v1/console/members',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary: "The account's members and invitations (admin)",
        security,
        response: {
          200: z.object({
            members: z.array(listedMemberSchema),
            invitations: z.array(invitationSchema),
          }),
          ...guardErrors,
        },
      },
    },
    async (request) => {
      const team = await listTeam(deps, request.member!);
      return {
        members: team.members.map(presentListedMember),
        invitations: team.invitations.map(presentInvitation),
      };
    },
  );

  app.post(
    '/v1/console/invitations',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary: 'Invite a person to the account (admin); the link is returned once',
        security,
        body: z.object({ email: z.email().max(254), role: z.enum(ROLES) }),
        response: {
          201: z.object({
            id: z.number().int(),
            email: z.string(),
            role: z.enum(ROLES),
            expires_at: z.string(),
            link: z.string(),
          }),
          ...guardErrors,
        },
      },
    },
    async (request, reply) => {
      const member = request.member!;
      const { invitation, link } = await createInvitation(deps, {
        accountId: member.accountId,
        email: request.body.email,
        role: request.body.role,
        invitedBy: member,
      });
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        expires_at: isoWithoutZone(invitation.expires_at)!,
        link,
      });
    },
  );

  app.delete(
    '/v1/console/invitations/:invitation_id',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          'Revoke an invitation not accepted yet (admin; idempotent): its link no longer lets anyone join',
        security,
        params: z.object({ invitation_id: z.string() }),
        response: { 200: invitationSchema, ...guardErrors, 404: errorSchema },
      },
    },
    async (request) =>
      presentInvitation(
        await revokeInvitation(
          deps,
          request.member!,
          parseId(request.params.invitation_id, 'invitation_not_found'),
        ),
      ),
  );

  app.patch(
    '/v1/console/members/:member_id',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary: "Change a member's role (admin); the account's last admin cannot be demoted",
        security,
        params: z.object({ member_id: z.string() }),
        body: z.object({ role: z.enum(ROLES) }),
        response: { 200: listedMemberSchema, ...guardErrors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const { member } = await changeMembership(deps, request.member!, memberIdOf(request.params.member_id), {
        role: request.body.role,
      });
      return presentListedMember(member);
    },
  );

  app.delete(
    '/v1/console/members/:member_id',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          "Remove a member from the account (admin): every one of their sessions ends at once and their pending invitations are revoked; the account's last admin cannot be removed",
        security,
        params: z.object({ member_id: z.string() }),
        response: {
          200: z.object({
            id: z.number().int(),
            ended_sessions: z.number().int(),
            revoked_invitations: z.number().int(),
          }),
          ...guardErrors,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const { member, endedSessions, revokedInvitations } = await changeMembership(
        deps,
        request.member!,
        memberIdOf(request.params.member_id),
        'remove',
      );
      return { id: member.id, ended_sessions: endedSessions, revoked_invitations: revokedInvitations };
    },
  );

  app.get(
    '/v1/console/audit-log',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          "The account's audit trail of admin actions (people, keys, sign-in, webhooks, retention), newest first (admin)",
        security,
        response: {
          200: z.object({
            entries: z.array(
              z.object({
                id: z.number().int(),
                event: z.string(),
                /** The member who acted; null when the host's CLI or an API key (by_key_id) did. */
                by_member_id: z.number().int().nullable(),
                by_key_id: z.number().int().nullable(),
                member_id: z.number().int().nullable(),
                detail: z.record(z.string(), z.unknown()),
                at: z.string(),
              }),
            ),
          }),
          ...guardErrors,
        },
      },
    },
    async (request) => {
      const entries = await accountAudit(deps, request.member!);
      return {
        entries: entries.map((e) => ({
          id: Number(e.id),
          event: e.event,
          by_member_id: e.actor_member_id === null ? null : Number(e.actor_member_id),
          by_key_id: e.actor_key_id === null ? null : Number(e.actor_key_id),
          member_id: e.subject_member_id === null ? null : Number(e.subject_member_id),
          detail: e.detail,
          at: isoWithoutZone(e.at)!,
        })),
      };
    },
  );
};
