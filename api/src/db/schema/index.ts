// The one entry point drizzle-kit and the db client read; every table lives in a domain file beside it.
export * from './brands.js';
export * from './users.js';
export * from './agents.js';
export * from './auth.js';
export * from './profiles.js';
export * from './matching.js';
export * from './messaging.js';
export * from './payments.js';
export * from './support.js';
export * from './sync.js';
export * from './snippets.js';
export * from './safety.js';
export * from './push.js';
