import type { ClientRequest, IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { SetPushOutcome, SetPusher } from '@accounts/application';

/** IANA special-purpose ranges (and multicast, reserved): never a push target outside tests. */
const SPECIAL_PURPOSE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  SPECIAL_PURPOSE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  SPECIAL_PURPOSE.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Whether a peer's address is globally routable: in no special-purpose range, IPv4-mapped forms included. */
export function isGloballyRoutable(address: string): boolean {
  const mapped = MAPPED_V4.exec(address)?.[1];
  if (mapped !== undefined) return isGloballyRoutable(mapped);
  if (isIPv4(address)) return !SPECIAL_PURPOSE.check(address, 'ipv4');
  if (isIPv6(address))
    return !SPECIAL_PURPOSE.check(address, 'ipv6') && !address.toLowerCase().startsWith('::ffff:');
  return false;
}

/** RFC 8935 §2.4's error codes that no retry changes (invalid_key is retried for a while). */
const FINAL_ERRORS = new Set([
  'invalid_request',
  'invalid_issuer',
  'invalid_audience',
  'authentication_failed',
  'access_denied',
]);

/** The most of an error answer read (its JSON names the error). */
const MAX_ERROR_BODY_BYTES = 16 * 1024;

export type HttpSetPusherOptions = {
  /** Bounds each attempt, connect to answer (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** SSF_ALLOW_INSECURE_PUSH: http and special-purpose addresses allowed (tests, development). */
  allowInsecure: boolean;
};

/**
 * RFC 8935 push: a POST of the SET as `application/secevent+jwt`, with the stream's Authorization
 * header when it has one. The address the connection actually reached is checked before anything
 * is written (so no name can resolve to a private address between a check and the connect);
 * redirects are not followed. Never logs or returns the SET or the header.
 */
export class HttpSetPusher implements SetPusher {
  constructor(private readonly options: HttpSetPusherOptions) {
    if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0) {
      throw new RangeError('The push timeout must be a positive number of milliseconds');
    }
  }

  push(request: {
    endpointUrl: string;
    authorizationHeader: string | null;
    set: string;
  }): Promise<SetPushOutcome> {
    const { allowInsecure, timeoutMs } = this.options;
    if (!URL.canParse(request.endpointUrl)) return Promise.resolve(permanent('endpoint_url is not a URL'));
    const url = new URL(request.endpointUrl);
    if (url.protocol !== 'https:' && !(allowInsecure && url.protocol === 'http:')) {
      return Promise.resolve(permanent('endpoint_url is not https'));
    }
    const body = Buffer.from(request.set);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<SetPushOutcome>((resolve) => {
      let settled = false;
      const settle = (outcome: SetPushOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const outgoing: ClientRequest = send(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/secevent+jwt',
          accept: 'application/json',
          'content-length': body.length,
          ...(request.authorizationHeader !== null ? { authorization: request.authorizationHeader } : {}),
        },
      });
      const timer = setTimeout(() => {
        settle(transient(`no answer within ${timeoutMs} ms`));
        outgoing.destroy();
      }, timeoutMs);
      outgoing.on('socket', (socket) => {
        const check = () => {
          const address = socket.remoteAddress ?? '';
          if (!allowInsecure && !isGloballyRoutable(address)) {
            settle(permanent(`endpoint_url reached ${address}, which is not globally routable`));
            outgoing.destroy();
            return;
          }
          outgoing.end(body);
        };
        if (socket.connecting) socket.once('connect', check);
        else check();
      });
      outgoing.on('error', (error) => settle(transient(`push failed: ${error.message}`)));
      outgoing.on('response', (response) => {
        readAnswer(response).then(settle, (error: unknown) =>
          settle(transient(`push failed: ${error instanceof Error ? error.message : 'reading the answer'}`)),
        );
      });
    });
  }
}

async function readAnswer(response: IncomingMessage): Promise<SetPushOutcome> {
  const status = response.statusCode ?? 0;
  if (status === 202 || status === 200 || status === 204) {
    response.resume();
    return { outcome: 'done', note: `${status}` };
  }
  if (status !== 400) {
    response.resume();
    return transient(`the receiver answered ${status}`);
  }
  let text = '';
  for await (const chunk of response) {
    text += String(chunk);
    if (text.length > MAX_ERROR_BODY_BYTES) break;
  }
  const code = errorCodeOf(text);
  if (code === 'invalid_key')
    return { outcome: 'transient', problem: 'the receiver answered invalid_key', invalidKey: true };
  if (code !== null && FINAL_ERRORS.has(code)) return permanent(`the receiver answered ${code}`);
  return transient('the receiver answered 400');
}

function errorCodeOf(text: string): string | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'err' in parsed && typeof parsed.err === 'string') {
      return parsed.err;
    }
  } catch {
    // Not JSON: no RFC 8935 error.
  }
  return null;
}

const permanent = (problem: string): SetPushOutcome => ({ outcome: 'permanent', problem });
const transient = (problem: string): SetPushOutcome => ({ outcome: 'transient', problem });
