export * from './test-database.js';
export { dockerAvailable } from './docker-probe.js';
