export { seedReferenceData } from './reference.ts';
export { DEMO_ACCOUNTS, isEmpty, seedDemo } from './demo.ts';
