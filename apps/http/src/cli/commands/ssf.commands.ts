import { parseArgs } from 'node:util';
import { KyselySsfPollStore, KyselySsfStreamRepository } from '@accounts/adapters';
import { loadCliConfig } from '../../config/load-config.js';
import type { CliCommand, CliContext } from '../command.js';
import { openCommandDatabase } from './open-command-database.js';
import { DATABASE_NOTE } from './notes.js';

/** One JSON line per SSF stream: never its authorization_header. */
async function listSsfStreams(args: string[], io: CliContext) {
  parseArgs({ args, strict: true, options: {} });
  const config = loadCliConfig(io.env);
  const { database } = await openCommandDatabase(io, config);
  try {
    const streams = await new KyselySsfStreamRepository(database.db).all();
    const pending = await new KyselySsfPollStore(database.db).pendingByStream();
    if (streams.length === 0) io.err('No SSF streams.');
    for (const stream of streams) {
      io.out(
        JSON.stringify({
          streamId: stream.id,
          receiver: stream.receiver,
          delivery: { method: stream.delivery.method, endpointUrl: stream.delivery.endpointUrl },
          status: stream.status,
          pendingSets: pending.get(stream.id) ?? 0,
          createdAt: stream.createdAt.toISOString(),
        }),
      );
    }
  } finally {
    await database.close();
  }
}

export const ssfCommands: readonly CliCommand[] = [
  {
    name: ['ssf', 'streams'],
    synopsis: '',
    summary:
      'One JSON line per SSF stream: receiver, delivery, status, pending SETs (never its authorization_header).',
    details: [
      'Each line: streamId, receiver, delivery (method, endpointUrl), status, pendingSets, createdAt.',
      'No stream: nothing on stdout, "No SSF streams." on stderr.',
      '',
      DATABASE_NOTE,
    ],
    run: listSsfStreams,
  },
];
