import { sql, type Kysely } from 'kysely';
import {
  ACTION_WINDOW_MS,
  type AnswerProblem,
  type ChallengeAction,
  type ChallengeAnswer,
  type ChallengeFrame,
} from '../../core/faces/challenge.js';
import type {
  IssuedChallenge,
  LivenessChallengeStore,
  LivenessChallengeWrites,
} from '../../ports/liveness-challenges.js';
import type { Database, Executor } from './schema.js';

type ChallengeRow = {
  id: string;
  verification_id: string;
  actions: string[];
  issued_at: Date;
  expires_at: Date;
  answered_at: Date | null;
};

function toChallenge(row: ChallengeRow): IssuedChallenge {
  return {
    id: row.id,
    verificationId: row.verification_id,
    actions: row.actions as ChallengeAction[],
    issuedAt: new Date(row.issued_at),
    expiresAt: new Date(row.expires_at),
    answeredAt: row.answered_at ? new Date(row.answered_at) : null,
  };
}

/** The answer as stored in `selfie_answers.answer` (times as ISO strings). */
type StoredAnswer = {
  challenge_id: string;
  actions: ChallengeAction[];
  issued_at: string | null;
  received_at: string;
  frames: { action: ChallengeFrame['action']; captured_at_ms: number }[];
  /** Absent from answers stored before a window could be widened: those had ACTION_WINDOW_MS. */
  action_window_ms?: number;
  problem: AnswerProblem | null;
};

function storedAnswer(answer: ChallengeAnswer): StoredAnswer {
  return {
    challenge_id: answer.challengeId,
    actions: answer.actions,
    issued_at: answer.issuedAt?.toISOString() ?? null,
    received_at: answer.receivedAt.toISOString(),
    frames: answer.frames.map((f) => ({ action: f.action, captured_at_ms: f.capturedAtMs })),
    action_window_ms: answer.actionWindowMs,
    problem: answer.problem,
  };
}

function answerOf(stored: StoredAnswer): ChallengeAnswer {
  return {
    challengeId: stored.challenge_id,
    actions: stored.actions,
    issuedAt: stored.issued_at ? new Date(stored.issued_at) : null,
    receivedAt: new Date(stored.received_at),
    frames: stored.frames.map((f) => ({ action: f.action, capturedAtMs: f.captured_at_ms })),
    actionWindowMs: stored.action_window_ms ?? ACTION_WINDOW_MS,
    problem: stored.problem,
  };
}

const COLUMNS = ['id', 'verification_id', 'actions', 'issued_at', 'expires_at', 'answered_at'] as const;

/** Challenges and selfie answers (migrations/0017_liveness_challenges.sql). */
export function createLivenessChallengeStore(db: Kysely<Database>): LivenessChallengeStore {
  return {
    async latest(verificationId) {
      const row = await db
        .selectFrom('liveness_challenges')
        .select(COLUMNS)
        .where('verification_id', '=', verificationId)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? toChallenge(row) : undefined;
    },

    async selfieAnswer(verificationId) {
      const row = await db
        .selectFrom('selfie_answers')
        .select('answer')
        .where('verification_id', '=', verificationId)
        .executeTakeFirst();
      return row ? answerOf(row.answer as unknown as StoredAnswer) : null;
    },
  };
}

export function createLivenessChallengeWrites(db: Executor): LivenessChallengeWrites {
  return {
    async issue(challenge, limit) {
      // One statement, so two requests at once cannot both take the last challenge under the limit.
      const { rows } = await sql<{ id: string }>`
        INSERT INTO liveness_challenges (id, verification_id, actions, issued_at, expires_at)
        SELECT ${challenge.id}, ${challenge.verificationId}, ${JSON.stringify(challenge.actions)}::jsonb,
               ${challenge.issuedAt}, ${challenge.expiresAt}
        WHERE (SELECT count(*) FROM liveness_challenges WHERE verification_id = ${challenge.verificationId}) < ${limit}
        RETURNING id`.execute(db);
      return rows.length === 1;
    },

    async answer({ verificationId, challengeId, frames, actionWindowMs, at }) {
      const rows = await db
        .selectFrom('liveness_challenges')
        .select(COLUMNS)
        .where('verification_id', '=', verificationId)
        .orderBy('seq', 'desc')
        .forUpdate()
        .execute();
      const found = rows.find((row) => row.id === challengeId);
      const base = { challengeId, frames, actionWindowMs, receivedAt: at };
      if (!found) return { ...base, actions: [], issuedAt: null, problem: 'unknown_challenge' };
      const challenge = toChallenge(found);
      const known = { ...base, actions: challenge.actions, issuedAt: challenge.issuedAt };
      if (challenge.answeredAt) return { ...known, problem: 'challenge_reused' };
      if (challenge.expiresAt <= at) return { ...known, problem: 'challenge_expired' };
      if (rows[0]!.id !== challengeId) return { ...known, problem: 'challenge_superseded' };
      await db
        .updateTable('liveness_challenges')
        .set({ answered_at: at })
        .where('id', '=', challengeId)
        .execute();
      return { ...known, problem: null };
    },

    async keepWithSelfie(verificationId, answer) {
      if (!answer) {
        await db.deleteFrom('selfie_answers').where('verification_id', '=', verificationId).execute();
        return;
      }
      const stored = JSON.stringify(storedAnswer(answer));
      await db
        .insertInto('selfie_answers')
        .values({ verification_id: verificationId, answer: stored })
        .onConflict((oc) => oc.column('verification_id').doUpdateSet({ answer: stored }))
        .execute();
    },
  };
}
