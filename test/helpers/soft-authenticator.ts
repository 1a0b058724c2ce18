/**
 * A software passkey for API tests: makes the browser's PublicKeyCredential JSON for a registration
 * (attestation "none", ES256) and for sign-ins, as a platform authenticator with user verification
 * would. The real-browser tests use Chromium's virtual authenticator instead.
 */
import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

type CreationOptions = { challenge: string; rp: { id?: string } };
type RequestOptions = { challenge: string; rpId?: string };

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();

export type SoftAuthenticator = {
  credentialId: string;
  register(options: unknown, origin: string): Record<string, unknown>;
  signIn(options: unknown, origin: string): Record<string, unknown>;
};

export function createSoftAuthenticator(): SoftAuthenticator {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const rawId = crypto.randomBytes(16);
  const credentialId = b64url(rawId);
  let counter = 0;
  let userHandle = '';

  const counterBytes = () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(counter);
    return bytes;
  };

  return {
    credentialId,
    register(raw, origin) {
      const options = raw as CreationOptions & { user: { id: string } };
      userHandle = options.user.id;
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([0x45]), // user present, user verified, attested credential data
        counterBytes(),
        Buffer.alloc(16),
        idLength,
        rawId,
        Buffer.from(isoCBOR.encode(cose)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]) as never,
      );
      const clientDataJSON = JSON.stringify({
        type: 'webauthn.create',
        challenge: options.challenge,
        origin,
        crossOrigin: false,
      });
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(Buffer.from(clientDataJSON)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    signIn(raw, origin) {
      const options = raw as RequestOptions;
      const rpId = options.rpId ?? new URL(origin).hostname;
      counter += 1;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), counterBytes()]);
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
      );
      const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
