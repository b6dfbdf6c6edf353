import { NodeDnsResolver, parseDnsServer } from '@accounts/adapters';
import { startSilentDnsServer, startTestDnsServer, type TestDnsServer } from '@accounts/adapters/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('NodeDnsResolver against a DNS server on loopback', () => {
  let server: TestDnsServer;
  let resolver: NodeDnsResolver;
  beforeAll(async () => {
    server = await startTestDnsServer();
    resolver = new NodeDnsResolver({ servers: [server.address], timeoutMs: 2_000 });
  });
  afterAll(() => server.close());

  it('answers the TXT strings of every record at the name', async () => {
    server.records.set('_accounts-challenge.one.example', [['accounts-verification=abc'], ['v=spf1 -all']]);
    expect(await resolver.resolveTxt('_accounts-challenge.one.example')).toEqual([
      'accounts-verification=abc',
      'v=spf1 -all',
    ]);
  });

  it("joins a record's chunks into one string", async () => {
    server.records.set('split.example', [['accounts-', 'verification=', 'abc']]);
    expect(await resolver.resolveTxt('split.example')).toEqual(['accounts-verification=abc']);
  });

  it('asks in any case and finds the record', async () => {
    server.records.set('case.example', [['x']]);
    expect(await resolver.resolveTxt('CASE.Example')).toEqual(['x']);
  });

  it('answers nothing for a name that does not exist (NXDOMAIN)', async () => {
    expect(await resolver.resolveTxt('missing.example')).toEqual([]);
  });

  it('answers nothing for a name without TXT records (NODATA)', async () => {
    server.records.set('nodata.example', []);
    expect(await resolver.resolveTxt('nodata.example')).toEqual([]);
  });
});

describe('NodeDnsResolver when no answer comes', () => {
  // "no answer within …" is the deadline's own message: the lookup ended by it. The elapsed time
  // bounds hanging only, with room for a loaded machine.
  it('throws at its timeout, naming the lookup', async () => {
    const silent = await startSilentDnsServer();
    try {
      const resolver = new NodeDnsResolver({ servers: [silent.address], timeoutMs: 300 });
      const started = Date.now();
      await expect(resolver.resolveTxt('_accounts-challenge.slow.example')).rejects.toThrow(
        /TXT lookup of _accounts-challenge\.slow\.example failed: no answer within 300 ms/,
      );
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await silent.close();
    }
  });

  it('stays within its timeout with several silent servers', async () => {
    const [a, b, c] = await Promise.all([
      startSilentDnsServer(),
      startSilentDnsServer(),
      startSilentDnsServer(),
    ]);
    try {
      const resolver = new NodeDnsResolver({
        servers: [a.address, b.address, c.address],
        timeoutMs: 1_000,
      });
      const started = Date.now();
      await expect(resolver.resolveTxt('slow.example')).rejects.toThrow(/no answer within 1000 ms/);
      // Less than the three servers' own timeouts one after another.
      expect(Date.now() - started).toBeLessThan(3 * 1_000);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });
});

describe('parseDnsServer', () => {
  it.each([
    ['1.1.1.1', '1.1.1.1'],
    [' 127.0.0.1:5353 ', '127.0.0.1:5353'],
    ['::1', '::1'],
    ['[::1]:53', '[::1]:53'],
    ['[2001:db8::1]', '2001:db8::1'],
  ])('takes %j as %j', (text, expected) => {
    expect(parseDnsServer(text)).toBe(expected);
  });

  it.each(['dns.example', '1.1.1.1:0', '1.1.1.1:70000', '[1.1.1.1]:53', '1.1.1', '', '1.1.1.1:53:1'])(
    'refuses %j',
    (text) => {
      expect(parseDnsServer(text)).toBeNull();
    },
  );

  it('makes the resolver refuse a bad server', () => {
    expect(() => new NodeDnsResolver({ servers: ['dns.example'] })).toThrow(RangeError);
  });
});
