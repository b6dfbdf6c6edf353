/**
 * An SSF receiver written from the specifications alone (SSF 1.0, RFC 8417, RFC 8935, RFC 8936,
 * CAEP 1.0 and the CAEP Interoperability Profile 1.0): jose, fetch and a loopback HTTP server; it
 * imports nothing of the service. Every SET it takes is checked against the MUSTs below; a SET
 * that breaks one is refused (400 with the RFC 8935 error) and recorded in `problems`.
 *
 * Section numbers as the specifications' sources number them (openid/sharedsignals: SSF 1.0,
 * CAEP 1.0, CAEP Interoperability Profile 1.0); RFC rows as the RFCs number them.
 *
 * | # | MUST it enforces (source: section, sentence)                                                                   | check                     | exercised by (ssf-transmitter.test.ts) |
 * |---|-----------------------------------------------------------------------------------------------------------------|---------------------------|----------------------------------------|
 * | 1 | RFC 8935 §2: the SET is the body of a POST whose Content-Type MUST be application/secevent+jwt                  | push handler              | "pushes every event …"                 |
 * | 2 | SSF 1.0 §4.1.1: "SSF events MUST use explicit typing as defined in Section 2.3 of RFC 8417" (typ secevent+jwt) | jwtVerify typ             | every test                             |
 * | 3 | Interop 1.0 §2.6: "All events MUST be signed using the RS256 algorithm using a minimum of 2048-bit keys"; the  | jwtVerify RS256 + JWKS    | every test; "signs with the first key" |
 * |   | keys from jwks_uri (SSF 1.0 §4.1.4)                                                                              |                           |                                        |
 * | 4 | RFC 8417 §2.2: iss, iat, jti and events are REQUIRED; SSF 1.0 §4.1.6: receivers MUST validate that iss matches | claims, jwtVerify issuer  | every test                             |
 * |   | the Issuer the configuration was requested from                                                                 |                           |                                        |
 * | 5 | RFC 7519 §4.1.3: a recipient that does not identify itself with a value in aud MUST reject the JWT (the        | jwtVerify audience        | every test                             |
 * |   | stream's aud, SSF 1.0 §8.1.1)                                                                                    |                           |                                        |
 * | 6 | SSF 1.0 §3.1: "A top-level claim named sub_id MUST be used to describe the primary subject of the event"       | claims.sub_id             | every test                             |
 * | 7 | Interop 1.0 §2.8.1: "The events claim of the SET MUST contain only one event" (SSF 1.0 §4.2.1: SHOULD)         | events member count       | every test                             |
 * | 8 | SSF 1.0 §4.1.2: "The JWT sub claim MUST NOT be present"; SSF 1.0 §4.1.7: "The exp claim MUST NOT be used"      | claims.sub, claims.exp    | every test                             |
 * | 9 | CAEP 1.0 §2: initiating_entity "MUST be one of" admin, user, policy, system; reason_admin "MUST contain one or  | CAEP event members        | "pushes every event …", "sends the     |
 * |   | more key/value pairs" (language tag, message); Interop 1.0 §3.1 / §3.2: session-revoked's and                   |                           | user's own changes …", "polls …"       |
 * |   | credential-change's reason_admin MUST be populated (non-empty). event_timestamp (CAEP 1.0 §2: OPTIONAL) is     |                           |                                        |
 * |   | required here by the service's contract, which the ordering checks need                                        |                           |                                        |
 * |10 | RFC 8936 §2.3: the poll answer's sets is an object whose member names are the SETs' jti, with moreAvailable     | poll()                    | "polls …"                              |
 * |11 | SSF 1.0 §7.2.4: the metadata's issuer MUST be identical to the SETs' iss (read here at a loopback address that  | discover(), jwtVerify iss | every test                             |
 * |   | stands for the issuer); Interop 1.0 §2.3.1: spec_version MUST be 1_0 or greater                                 |                           |                                        |
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from 'jose';

type ReceivedSet = { jti: string; type: string; claims: JWTPayload; event: Record<string, unknown> };

export type SsfReceiver = {
  /** Where pushes go: http://127.0.0.1:PORT/events. */
  pushUrl: string;
  /** Every accepted SET, first arrival only (a retry of a jti is counted in `duplicates`). */
  received: ReceivedSet[];
  duplicates: number;
  /** The jti of every push that arrived, in arrival order, the ones an outage refused included. */
  pushes: string[];
  /** Every refused SET's reason: a test expects none. */
  problems: string[];
  /**
   * What the next push gets instead of 202 (null: accepted); 'down' drops the connection; 'hang'
   * keeps it unanswered until `release()`.
   */
  outage: null | 'down' | 'hang' | number;
  /** Answers the pushes left hanging, as if there had been no outage. */
  release(): void;
  /** RFC 8936: one poll; acks what it got. */
  poll(body?: Record<string, unknown>): Promise<{ sets: Record<string, string>; moreAvailable: boolean }>;
  close(): Promise<void>;
};

type Metadata = { issuer: string; jwks_uri: string; spec_version: string };

/** Reads the transmitter's metadata at `base` (where the transmitter is reached) and starts the receiver. */
export async function startSsfReceiver(options: {
  base: string;
  audience: string;
  token: string;
  pollEndpoint?: () => string;
}): Promise<SsfReceiver> {
  const metadata = (await (await fetch(`${options.base}/.well-known/ssf-configuration`)).json()) as Metadata;
  if (metadata.spec_version !== '1_0') throw new Error('not an SSF 1.0 transmitter');
  const keys = createRemoteJWKSet(new URL(metadata.jwks_uri.replace(metadata.issuer, options.base)), {
    cooldownDuration: 0,
  });
  const seen = new Set<string>();
  const hanging: (() => void)[] = [];
  const receiver: SsfReceiver = {
    pushUrl: '',
    received: [],
    duplicates: 0,
    pushes: [],
    problems: [],
    outage: null,
    release: () => {
      for (const answer of hanging.splice(0)) answer();
    },
    poll: async (body = {}) => {
      if (!options.pollEndpoint) throw new Error('no poll endpoint');
      const response = await fetch(options.pollEndpoint(), {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ returnImmediately: true, ...body }),
      });
      if (response.status !== 200) throw new Error(`poll answered ${response.status}`);
      const answer = (await response.json()) as { sets: Record<string, string>; moreAvailable: boolean };
      for (const [jti, set] of Object.entries(answer.sets)) {
        const taken = await take(set);
        if (taken !== null && taken !== jti) receiver.problems.push(`poll key ${jti} is not the SET's jti`);
      }
      return answer;
    },
    close: () => {
      receiver.release();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };

  /** Checks one SET; its jti, or null when refused. */
  async function take(set: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(set, keys, {
        typ: 'secevent+jwt',
        issuer: metadata.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
      });
      const problem = claimProblem(payload);
      if (problem) {
        receiver.problems.push(problem);
        return null;
      }
      const jti = payload.jti!;
      if (seen.has(jti)) {
        receiver.duplicates += 1;
        return jti;
      }
      seen.add(jti);
      const [type, event] = Object.entries(payload.events as Record<string, Record<string, unknown>>)[0]!;
      receiver.received.push({ jti, type, claims: payload, event });
      return jti;
    } catch (error) {
      receiver.problems.push(`refused: ${error instanceof Error ? error.message : 'unverifiable'}`);
      return null;
    }
  }

  /** The pushed SET's jti, read unverified: what arrived, before any check or outage. */
  function pushedJti(set: string): string {
    try {
      return decodeJwt(set).jti ?? 'no jti';
    } catch {
      return 'unreadable';
    }
  }

  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      receiver.pushes.push(pushedJti(body));
      if (receiver.outage === 'down') {
        request.socket.destroy();
        return;
      }
      if (typeof receiver.outage === 'number') {
        response.writeHead(receiver.outage).end();
        return;
      }
      if (request.headers['content-type'] !== 'application/secevent+jwt') {
        receiver.problems.push(`content-type ${request.headers['content-type'] ?? 'none'}`);
        response.writeHead(400, { 'content-type': 'application/json' }).end('{"err":"invalid_request"}');
        return;
      }
      const answer = () =>
        take(body).then(
          (jti) => {
            if (jti === null)
              response.writeHead(400, { 'content-type': 'application/json' }).end('{"err":"invalid_key"}');
            else response.writeHead(202).end();
          },
          () => response.writeHead(500).end(),
        );
      if (receiver.outage === 'hang') hanging.push(() => void answer());
      else void answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.pushUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
  return receiver;
}

const CAEP = 'https://schemas.openid.net/secevent/caep/event-type/';
const INITIATING_ENTITIES = ['admin', 'user', 'policy', 'system'];
const REASON_REQUIRED = [`${CAEP}session-revoked`, `${CAEP}credential-change`];

function claimProblem(claims: JWTPayload): string | null {
  if (typeof claims.jti !== 'string' || typeof claims.iat !== 'number') return 'no jti or iat';
  if ('sub' in claims || 'exp' in claims) return 'sub or exp present';
  if (typeof claims.sub_id !== 'object' || claims.sub_id === null) return 'no sub_id';
  const events = claims.events;
  if (typeof events !== 'object' || events === null || Object.keys(events).length !== 1)
    return 'not one event';
  const [type, event] = Object.entries(events as Record<string, unknown>)[0]!;
  if (type.startsWith(CAEP)) {
    const members = event as Record<string, unknown>;
    if (typeof members.event_timestamp !== 'number') return `${type} without event_timestamp`;
    const initiator = members.initiating_entity;
    if (initiator !== undefined && !INITIATING_ENTITIES.includes(initiator as string)) {
      return `${type} with initiating_entity ${JSON.stringify(initiator)}`;
    }
    const reason = members.reason_admin;
    if (reason === undefined && REASON_REQUIRED.includes(type)) return `${type} without reason_admin`;
    if (reason !== undefined) {
      const texts = typeof reason === 'object' && reason !== null ? Object.values(reason) : [];
      if (texts.length === 0 || texts.some((text) => typeof text !== 'string' || text === '')) {
        return `${type} with an empty reason_admin`;
      }
    }
  }
  return null;
}
