import { createSocket, type Socket } from 'node:dgram';
import { createUDPServer, Packet } from 'dns2';

export type TestDnsServer = {
  /** `127.0.0.1:<port>`, for DNS_SERVERS. */
  address: string;
  /** TXT records by name (case-insensitive): each record as its character-strings. */
  records: Map<string, string[][]>;
  /** Names asked for, in order. */
  queries: string[];
  close(): Promise<void>;
};

/**
 * A DNS server on loopback (UDP, random port) that answers TXT questions from `records`:
 * NXDOMAIN for an unknown name, an empty answer for a known name and another type.
 */
export async function startTestDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, string[][]>();
  const queries: string[] = [];
  const server = createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    if (question) {
      queries.push(question.name);
      const found = records.get(question.name.toLowerCase());
      if (!found) response.header.rcode = Packet.RCODE.NXDOMAIN;
      else if (question.type === Packet.TYPE.TXT) {
        for (const data of found) {
          (response.answers as unknown[]).push({
            name: question.name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 0,
            data,
          });
        }
      }
    }
    void send(response);
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address();
  return {
    address: `127.0.0.1:${port}`,
    records,
    queries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A UDP socket on loopback that reads every query and never answers. */
export async function startSilentDnsServer(): Promise<{ address: string; close(): Promise<void> }> {
  const socket: Socket = createSocket('udp4');
  socket.on('message', () => undefined);
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    address: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
