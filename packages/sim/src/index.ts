// The fleet simulator's public API: see README.md.
export * from './random.ts';
export * from './geo.ts';
export * from './photo.ts';
export * from './client.ts';
export * from './clock.ts';
export * from './trip-run.ts';
export * from './driver.ts';
export * from './fleet.ts';
export * from './load.ts';
export * from './road-reports.ts';
export * from './vehicle-requests.ts';
export * from './maintenance-history.ts';
