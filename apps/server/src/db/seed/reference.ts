import type { Db } from '../client.ts';
import { seedLandingSections } from './site-content.ts';
import { currencies, languages, spaceUnits, tenantTypes, volumeUnits } from '../schema/index.ts';

// Product-wide lists every installation needs, written idempotently at every start.

export const TENANT_TYPE_ROWS = [
  { value: 'delivery', name: 'Last-mile delivery' },
  { value: 'school_bus', name: 'School bus' },
  { value: 'airport', name: 'Airport management' },
  { value: 'construction', name: 'Construction' },
  { value: 'namat', name: 'Staff-based (field services)' },
];

export const CURRENCY_ROWS = [
  { name: 'Euro', symbol: '€', code: 'EUR' },
  { name: 'US Dollar', symbol: '$', code: 'USD' },
  { name: 'British Pound', symbol: '£', code: 'GBP' },
  { name: 'Japanese Yen', symbol: '¥', code: 'JPY' },
  { name: 'UAE Dirham', symbol: 'AED', code: 'AED' },
  { name: 'Saudi Riyal', symbol: 'SAR', code: 'SAR' },
  { name: 'Indian Rupee', symbol: '₹', code: 'INR' },
];

export const SPACE_UNIT_ROWS = [
  { name: 'Meters', symbol: 'm' },
  { name: 'Kilometers', symbol: 'km' },
  { name: 'Miles', symbol: 'mi' },
  { name: 'Feet', symbol: 'ft' },
];

export const VOLUME_UNIT_ROWS = [
  { name: 'Liters', symbol: 'L' },
  { name: 'Gallons', symbol: 'gal' },
  { name: 'Cubic Meters', symbol: 'm³' },
];

export const LANGUAGE_ROWS = [
  { code: 'ar', name: 'Arabic' },
  { code: 'en', name: 'English' },
  { code: 'fr', name: 'French' },
  { code: 'hi', name: 'Hindi' },
  { code: 'ur', name: 'Urdu' },
  { code: 'bn', name: 'Bengali' },
  { code: 'tl', name: 'Filipino' },
  { code: 'ml', name: 'Malayalam' },
  { code: 'es', name: 'Spanish' },
  { code: 'de', name: 'German' },
];

export async function seedReferenceData(db: Db): Promise<void> {
  await db.insert(tenantTypes).values(TENANT_TYPE_ROWS).onConflictDoNothing();
  await db.insert(currencies).values(CURRENCY_ROWS).onConflictDoNothing();
  await db.insert(spaceUnits).values(SPACE_UNIT_ROWS).onConflictDoNothing();
  await db.insert(volumeUnits).values(VOLUME_UNIT_ROWS).onConflictDoNothing();
  await db.insert(languages).values(LANGUAGE_ROWS).onConflictDoNothing();
  await seedLandingSections(db);
}
