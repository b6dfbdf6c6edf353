export * from './in-memory-database.js';
export * from './in-memory-repositories.js';
export * from './fakes.js';
export * from './builders.js';
export * from './seed-in-memory.js';
export * from './test-ports.js';
export * from './in-memory-outbox.js';
export * from './in-memory-account-records.js';
