export * from './reference.ts';
export * from './tenants.ts';
export * from './admins.ts';
