export * from './constants.js';
export * from './rules.js';
export * from './schemas/auth.js';
export * from './schemas/common.js';
export * from './schemas/fields.js';
export * from './schemas/marathon.js';
export * from './schemas/registration.js';
export * from './schemas/responses.js';
