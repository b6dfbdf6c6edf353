// argon2 alone: BENCH_ARGON2_CONCURRENCY verifications of one hash kept in flight for
// BENCH_ARGON2_SECONDS, in a process of its own with Node's and glibc's defaults (libuv's pool of 4
// threads, as the service has; not the image's MALLOC_ARENA_MAX and NODE_OPTIONS, which are the
// service's own tuning): what any program calling the same binding gets.
// Prints {"verified": n, "seconds": s} as one JSON line. Run by bench.mjs.
import { argon2 } from './lib/argon2-binding.mjs';

const hash = process.env.BENCH_ARGON2_HASH;
const password = process.env.BENCH_ARGON2_PASSWORD;
const concurrency = Number(process.env.BENCH_ARGON2_CONCURRENCY);
const seconds = Number(process.env.BENCH_ARGON2_SECONDS);
if (!hash || !password || !(concurrency > 0) || !(seconds > 0)) {
  throw new Error('raw-argon2.mjs is run by bench.mjs, which sets its BENCH_ARGON2_* variables');
}
if (!(await argon2.verify(hash, password))) throw new Error('the password does not match the hash');

const deadline = performance.now() + seconds * 1000;
let verified = 0;
async function loop() {
  while (performance.now() < deadline) {
    await argon2.verify(hash, password);
    if (performance.now() <= deadline) verified++;
  }
}
await Promise.all(Array.from({ length: concurrency }, loop));
process.stdout.write(`${JSON.stringify({ verified, seconds })}\n`);
