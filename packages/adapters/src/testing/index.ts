export * from './test-database.js';
export * from './seed-database.js';
export { dockerAvailable } from './docker-probe.js';
