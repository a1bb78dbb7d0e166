export * from './reference.ts';
export * from './tenants.ts';
export * from './admins.ts';
export * from './fleet.ts';
export * from './operations.ts';
export * from './content.ts';
export * from './idempotency.ts';
export * from './exceptions.ts';
