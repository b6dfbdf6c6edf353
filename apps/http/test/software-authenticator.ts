import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { Encoder } from 'cbor-x';

// A WebAuthn authenticator and client written for the tests: an ES256 key from node:crypto,
// attestation "none", CBOR from cbor-x. It answers the options the service gives with the JSON a
// browser's PublicKeyCredential.toJSON() writes, and can be told to get things wrong.

/** CBOR maps with integer keys (COSE), byte strings as byte strings. */
const cbor = new Encoder({ useRecords: false, mapsAsObjects: false, tagUint8Array: false });

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

/** What a ceremony may get wrong. */
export type Ceremony = {
  /** The page origin the client reports; default the authenticator's. */
  origin?: string;
  /** The RP ID whose hash the authenticator signs; default the authenticator's. */
  rpId?: string;
  /** Default true. */
  userVerified?: boolean;
  /** The signature counter to report; default the previous one plus one. */
  counter?: number;
  /** At registration, a public key that cannot verify: its point moved off the P-256 curve. */
  keyOffCurve?: boolean;
};

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;

  constructor(private readonly defaults: { origin: string; rpId: string }) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** navigator.credentials.create with `options` (PublicKeyCredentialCreationOptionsJSON). */
  create(options: { challenge: string }, ceremony: Ceremony = {}) {
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, ceremony);
    const jwk = this.publicKey.export({ format: 'jwk' });
    const y = Buffer.from(jwk.y ?? '', 'base64url');
    // Flipping y's last bit leaves a point that is on no P-256 curve (x fixes y up to its sign).
    if (ceremony.keyOffCurve) y.writeUInt8(y.readUInt8(y.length - 1) ^ 1, y.length - 1);
    const coseKey = new Map<number, number | Buffer>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, y],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authenticatorData = Buffer.concat([
      this.authenticatorDataHead(ceremony, FLAG_ATTESTED_CREDENTIAL, 0),
      Buffer.alloc(16), // AAGUID
      idLength,
      this.credentialId,
      Buffer.from(cbor.encode(coseKey)),
    ]);
    const attestationObject = cbor.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authenticatorData],
      ]),
    );
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(Buffer.from(attestationObject)),
      transports: ['internal'],
    });
  }

  /** navigator.credentials.get with `options` (PublicKeyCredentialRequestOptionsJSON). */
  get(options: { challenge: string }, ceremony: Ceremony = {}) {
    this.counter = ceremony.counter ?? this.counter + 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, ceremony);
    const authenticatorData = this.authenticatorDataHead(ceremony, 0, this.counter);
    const signature = createSign('sha256')
      .update(Buffer.concat([authenticatorData, sha256(clientDataJSON)]))
      .sign(this.privateKey);
    return this.credential({
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
    });
  }

  /** The PublicKeyCredential's toJSON() around a ceremony's `response`. */
  private credential<R>(response: R) {
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private clientData(type: string, challenge: string, ceremony: Ceremony): Buffer {
    const origin = ceremony.origin ?? this.defaults.origin;
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** RP ID hash, flags and signature counter. */
  private authenticatorDataHead(ceremony: Ceremony, extraFlags: number, counter: number): Buffer {
    const verified = ceremony.userVerified ?? true;
    const flags = FLAG_USER_PRESENT | (verified ? FLAG_USER_VERIFIED : 0) | extraFlags;
    const signCount = Buffer.alloc(4);
    signCount.writeUInt32BE(counter);
    return Buffer.concat([sha256(ceremony.rpId ?? this.defaults.rpId), Buffer.from([flags]), signCount]);
  }
}
