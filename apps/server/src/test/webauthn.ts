/**
 * A software WebAuthn authenticator for API tests (ADR 0033): an ES256 key made with node:crypto,
 * attestation "none", assertions signed over authenticatorData ‖ SHA-256(clientDataJSON). It
 * shares no code with the product (better-auth's plugin and @simplewebauthn/server verify).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/** CBOR: a byte string or text string head (major type 2 or 3) with its length. */
function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}
const cborBytes = (b: Buffer) => Buffer.concat([head(2, b.length), b]);
const cborText = (s: string) => Buffer.concat([head(3, Buffer.byteLength(s)), Buffer.from(s)]);

export interface SoftAuthenticator {
  credentialId: Buffer;
  privateKey: KeyObject;
  counter: number;
}

export function softAuthenticator(): SoftAuthenticator {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { credentialId: randomBytes(16), privateKey, counter: 0 };
}

function coseKey(key: KeyObject): Buffer {
  const jwk = key.export({ format: 'jwk' });
  const x = Buffer.from(jwk.x as string, 'base64url');
  const y = Buffer.from(jwk.y as string, 'base64url');
  // {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}
  return Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]),
    cborBytes(x),
    Buffer.from([0x22]),
    cborBytes(y),
  ]);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function counterBytes(n: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/** The registration response (RegistrationResponseJSON) for `options` from generate-register-options. */
export function attest(
  auth: SoftAuthenticator,
  options: { challenge: string; rp: { id: string } },
  origin: string,
) {
  const publicKey = coseKey(auth.privateKey);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(auth.credentialId.length);
  const authData = Buffer.concat([
    sha256(options.rp.id),
    Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
    counterBytes(auth.counter),
    Buffer.alloc(16), // AAGUID: none
    idLength,
    auth.credentialId,
    publicKey,
  ]);
  const attestationObject = Buffer.concat([
    Buffer.from([0xa3]),
    cborText('fmt'),
    cborText('none'),
    cborText('attStmt'),
    Buffer.from([0xa0]),
    cborText('authData'),
    cborBytes(authData),
  ]);
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin }),
  );
  return {
    id: b64url(auth.credentialId),
    rawId: b64url(auth.credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}

/** An assertion (AuthenticationResponseJSON) for `challenge`; `userVerified` sets the UV flag. */
export function assert(
  auth: SoftAuthenticator,
  challenge: string,
  opts: { origin: string; rpId: string; userVerified?: boolean },
) {
  auth.counter += 1;
  const authData = Buffer.concat([
    sha256(opts.rpId),
    Buffer.from([FLAG_UP | (opts.userVerified === false ? 0 : FLAG_UV)]),
    counterBytes(auth.counter),
  ]);
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.get', challenge, origin: opts.origin }),
  );
  const signature = sign(
    'sha256',
    Buffer.concat([authData, sha256(clientDataJSON)]),
    auth.privateKey,
  );
  return {
    id: b64url(auth.credentialId),
    rawId: b64url(auth.credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}
