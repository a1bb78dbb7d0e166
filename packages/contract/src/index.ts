export * from './envelope.ts';
export * from './messages.ts';
export * from './auth.ts';
export * from './settings.ts';
export * from './terms.ts';
export * from './health.ts';
export * from './registry.ts';
export * from './driver-details.ts';
