import { setImmediate as turnEnd } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  logBatchPerTurn,
  TurnBatchedDestination,
  turnBatchedStdout,
} from '../src/runtime/turn-batched-stdout.js';

function recording() {
  const writes: string[] = [];
  let flushed = 0;
  const target = {
    write: (text: string) => writes.push(text),
    flushSync: () => {
      flushed++;
    },
  };
  return { destination: new TurnBatchedDestination(target), writes, flushes: () => flushed };
}

describe('the log destination', () => {
  it("writes a turn's lines together, in order, when the turn ends", async () => {
    const { destination, writes } = recording();
    destination.write('a\n');
    destination.write('b\n');
    expect(writes).toEqual([]);
    await turnEnd();
    expect(writes).toEqual(['a\nb\n']);

    destination.write('c\n');
    await turnEnd();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes at once past 64 KiB waiting', () => {
    const { destination, writes } = recording();
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 64; i++) destination.write(line);
    expect(writes).toEqual([line.repeat(64)]);
  });

  it('writes what is pending on flushSync, and nothing twice', async () => {
    const { destination, writes, flushes } = recording();
    destination.write('a\n');
    destination.flushSync();
    expect(writes).toEqual(['a\n']);
    expect(flushes()).toBe(1);
    await turnEnd();
    expect(writes).toEqual(['a\n']);
  });
});

describe('LOG_BATCH_PER_TURN', () => {
  it("is off unless set: pino's own standard output is used", () => {
    expect(turnBatchedStdout({})).toBeUndefined();
    expect(turnBatchedStdout({ LOG_BATCH_PER_TURN: 'false' })).toBeUndefined();
    expect(turnBatchedStdout({ LOG_BATCH_PER_TURN: 'true' })).toBeInstanceOf(TurnBatchedDestination);
  });

  it('takes true/false or 1/0 and refuses anything else', () => {
    expect(logBatchPerTurn('1')).toBe(true);
    expect(logBatchPerTurn('TRUE')).toBe(true);
    expect(logBatchPerTurn('0')).toBe(false);
    expect(() => logBatchPerTurn('yes')).toThrow(/LOG_BATCH_PER_TURN/);
  });
});
