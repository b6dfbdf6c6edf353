export * from './test-database.js';
export * from './seed-database.js';
export { dockerAvailable, dockerEndpoint, type DockerEndpoint } from './docker-probe.js';
export { startContainerReaper, type ContainerReaper } from './container-reaper.js';
export { DEFAULT_TEST_POSTGRES_IMAGE, type StartedTestPostgres } from './postgres-test-container.js';
export {
  planSharedTestPostgres,
  RUN_LABEL_KEY,
  setUpSharedTestPostgres,
  TESTCONTAINERS_LABEL,
  testPostgresImage,
  testPostgresMode,
  type SharedTestPostgresDeps,
  type SharedTestPostgresPlan,
  type TestPostgresMode,
} from './shared-test-postgres.js';
export { startTestDnsServer, startSilentDnsServer, type TestDnsServer } from './dns-server.js';
export { startTestRedis, testRedisAvailable, type TestRedis } from './test-redis.js';
export { startTcpProxy, type TcpProxy } from './tcp-proxy.js';
export { wallClockSkipReason } from './wall-clock.js';
export {
  startTestKeyServer,
  type TestKeyServer,
  type TestSigningKey,
  type TestKeyKind,
  type KeyServerFault,
} from './key-server.js';
