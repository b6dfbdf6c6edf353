export * from './test-database.js';
export * from './seed-database.js';
export { dockerAvailable } from './docker-probe.js';
export { startTestDnsServer, startSilentDnsServer, type TestDnsServer } from './dns-server.js';
export { startTestRedis, testRedisAvailable, type TestRedis } from './test-redis.js';
