// The bench's DPoP read (issue 56): a client key, a pool of fresh proofs made before each measured
// span (outside the measured server), and the two added parts measured alone in a loop.
import { JoseDpopProofReader, KyselyReplayRecord, openDatabase, SystemClock } from '@accounts/adapters';
import { VerifyDpopProof } from '@accounts/application';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createHash, randomUUID } from 'node:crypto';

const IAT_WINDOW_SECONDS = 60;

/** An ES256 client key: `jkt` for the token's `cnf`, and `proofs(count, url, token)` made at once. */
export async function startDpopClient() {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = await exportJWK(publicKey);
  const jkt = await calculateJwkThumbprint(jwk);
  const proof = (url, ath) =>
    new SignJWT({ jti: randomUUID(), htm: 'GET', htu: url, iat: Math.floor(Date.now() / 1000), ath })
      .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk })
      .sign(privateKey);
  return {
    jkt,
    /** `count` proofs for GET `url` with `token`, each used once. */
    async proofs(count, url, token) {
      const ath = createHash('sha256').update(token).digest('base64url');
      const made = [];
      for (let i = 0; i < count; i++) made.push(await proof(url, ath));
      return made;
    },
  };
}

/** CPU microseconds per call of `step(i)` over `count` calls, in this process. */
async function cpuMicrosPer(count, step) {
  const before = process.cpuUsage();
  for (let i = 0; i < count; i++) await step(i);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
}

/**
 * The two parts a DPoP read adds, each alone in a loop: one proof verification (VerifyDpopProof
 * with the jose reader, its jti accepted by a record that keeps nothing) and one replay record
 * through the PostgreSQL adapter (the service's record without REDIS_URL).
 */
export async function measureDpopParts(client, databaseUrl, { url, token, count }) {
  const clock = new SystemClock();
  const accepting = { firstUse: () => Promise.resolve(true) };
  const verify = new VerifyDpopProof(
    { proofs: new JoseDpopProofReader(), replayRecord: accepting, clock },
    IAT_WINDOW_SECONDS,
  );
  const accessTokenHash = createHash('sha256').update(token).digest('base64url');
  const proofs = await client.proofs(count, url, token);
  const request = { method: 'GET', url, accessTokenHash, jkt: client.jkt };
  await verify.execute({ ...request, proof: proofs[0] }); // jose's first import out of the loop
  const verification = await cpuMicrosPer(count, async (i) => {
    const verified = await verify.execute({ ...request, proof: proofs[i] });
    if (!verified.ok) throw new Error(`bench proof refused: ${verified.error.check}`);
  });
  const database = await openDatabase(databaseUrl);
  try {
    const record = new KyselyReplayRecord(database.db);
    await record.firstUse('bench', randomUUID(), 2 * IAT_WINDOW_SECONDS);
    const replayRecord = await cpuMicrosPer(count, async () => {
      if (!(await record.firstUse('bench', randomUUID(), 2 * IAT_WINDOW_SECONDS)))
        throw new Error('replayed');
    });
    return { proofVerificationCpuMicros: verification, replayRecordCpuMicros: replayRecord, count };
  } finally {
    await database.close();
  }
}
