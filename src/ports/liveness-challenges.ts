import type { ChallengeAction, ChallengeAnswer, ChallengeFrame } from '../core/faces/challenge.js';

export type IssuedChallenge = {
  id: string;
  verificationId: string;
  actions: ChallengeAction[];
  issuedAt: Date;
  expiresAt: Date;
  answeredAt: Date | null;
};

/** Reads of the challenges issued to verifications and the answers stored with their selfies. */
export type LivenessChallengeStore = {
  /** The newest challenge issued to the verification, answered or not. */
  latest(verificationId: string): Promise<IssuedChallenge | undefined>;
  /** The answer stored with the verification's current selfie frames; null when they came without one. */
  selfieAnswer(verificationId: string): Promise<ChallengeAnswer | null>;
};

/** The writes, inside a use case's transaction. */
export type LivenessChallengeWrites = {
  /** Issues a challenge unless the verification already has `limit`; false when it has. */
  issue(challenge: Omit<IssuedChallenge, 'answeredAt'>, limit: number): Promise<boolean>;
  /**
   * Takes a challenge for a selfie: marks it answered when it is this verification's newest, unanswered
   * and unexpired; otherwise says why it cannot count. Either way returns the answer to store.
   */
  answer(input: {
    verificationId: string;
    challengeId: string;
    frames: ChallengeFrame[];
    actionWindowMs: number;
    at: Date;
  }): Promise<ChallengeAnswer>;
  /** Stores (or clears, with null) the answer that goes with the selfie frames just saved. */
  keepWithSelfie(verificationId: string, answer: ChallengeAnswer | null): Promise<void>;
};
