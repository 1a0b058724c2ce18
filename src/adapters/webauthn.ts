import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Passkeys } from '../ports/passkeys.js';

/**
 * Passkeys through @simplewebauthn/server. The relying party is the console's origin (PUBLIC_BASE_URL):
 * its host name is the RP ID, and only responses made for that origin verify. User verification is
 * required (a PIN or biometric on the authenticator, not just presence).
 */
export function createPasskeys(options: { origin: string; rpName: string }): Passkeys {
  const origin = new URL(options.origin).origin;
  const rpID = new URL(origin).hostname;

  return {
    async registrationOptions(input) {
      const created = await generateRegistrationOptions({
        rpName: options.rpName,
        rpID,
        userName: input.userName,
        userDisplayName: input.displayName,
        userID: new TextEncoder().encode(input.userId),
        attestationType: 'none',
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      return { options: created as unknown as Record<string, unknown>, challenge: created.challenge };
    },

    async verifyRegistration(response, challenge) {
      try {
        const verified = await verifyRegistrationResponse({
          response: response as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
        if (!verified.verified) return null;
        const { credential } = verified.registrationInfo;
        return {
          credentialId: credential.id,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: credential.transports ?? [],
        };
      } catch {
        // A malformed or forged response: the library throws; the caller answers one refusal for all.
        return null;
      }
    },

    async signInOptions() {
      const created = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
      return { options: created as unknown as Record<string, unknown>, challenge: created.challenge };
    },

    credentialIdOf(response) {
      const id = (response as { id?: unknown } | null)?.id;
      return typeof id === 'string' && /^[A-Za-z0-9_-]{1,1024}$/.test(id) ? id : null;
    },

    async verifySignIn(response, challenge, credential) {
      try {
        const verified = await verifyAuthenticationResponse({
          response: response as AuthenticationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
          credential: {
            id: credential.credentialId,
            publicKey: credential.publicKey as Uint8Array<ArrayBuffer>,
            counter: credential.counter,
            transports: credential.transports as AuthenticatorTransport[],
          },
        });
        return verified.verified ? verified.authenticationInfo.newCounter : null;
      } catch {
        return null;
      }
    },
  };
}
