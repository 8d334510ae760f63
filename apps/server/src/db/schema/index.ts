export * from './auth.js';
export * from './marathons.js';
export * from './registrations.js';
export * from './mail-outbox.js';
export * from './rate-limits.js';
export * from './images.js';
export * from './payments.js';
export * from './race-day.js';
