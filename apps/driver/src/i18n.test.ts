import { describe, expect, it } from 'vitest';
import { createI18n, dayIn, langOf, LANGS } from './i18n.ts';

const driver = (trip: string, destination: string) => ({
  terms: {
    trip,
    driver: 'Driver',
    destination,
    warehouse: 'Warehouse',
    bus: 'Bus',
    currency: { name: 'Euro', symbol: '€' },
    volume_unit: { name: 'Liters', symbol: 'L' },
  },
  time_zone: 'Asia/Dubai',
});

describe("the app's language", () => {
  it("is Arabic for the driver's Arabic setting, English for any other or none", () => {
    expect(['ar', 'AR', 'ar-AE', 'en', 'ur', null, undefined].map(langOf)).toEqual([
      'ar',
      'ar',
      'ar',
      'en',
      'en',
      'en',
      'en',
    ]);
  });

  it('counts stops in the forms of each language: one stop, and the Arabic one, two, few and many', () => {
    const en = createI18n('en', driver('Trip', 'Stop'));
    expect([1, 2, 12].map((n) => en.t('stopsCount', { n }))).toEqual(['1 stop', '2 stops', '12 stops']);
    const ar = createI18n('ar', driver('Trip', 'Stop'));
    const count = (n: number) =>
      ar.t('stopsCount', { n }).replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660));
    expect([1, 2, 3, 11, 100].map(count)).toEqual(['محطة واحدة', 'محطتان', '3 محطات', '11 محطة', '100 محطة']);
  });

  it("says the tenant's words: Staff's Task in English, and in Arabic when it knows them", () => {
    const en = createI18n('en', driver('Task', 'Destination'));
    expect(en.t('start')).toBe('Start Task');
    expect(en.t('noTrips')).toBe('No tasks planned for today or the next days.');
    const ar = createI18n('ar', driver('Task', 'Destination'));
    expect(ar.t('start')).toBe('ابدأ مهمة');
    expect(ar.dir).toBe('rtl');
    // A word of the tenant's own that Arabic does not know is shown as written.
    expect(createI18n('ar', driver('Run', 'Drop')).t('start')).toBe('ابدأ Run');
  });

  it("names the tenant's vehicles and stops in the reports and the skip", () => {
    const en = createI18n('en', driver('Task', 'Destination'));
    expect(en.t('askVehicle')).toBe('Ask for another bus');
    expect(en.t('skipStop')).toBe('Skip this destination');
    const ar = createI18n('ar', driver('Task', 'Destination'));
    expect(ar.t('askVehicle')).toBe('طلب حافلة أخرى');
    expect(ar.t('skipStop')).toBe('تخطي محطة');
  });

  it('has every English text in Arabic too, so nothing falls back by mistake', () => {
    expect(Object.keys(LANGS.ar).sort()).toEqual(Object.keys(LANGS.en).sort());
  });

  it("shows times on the tenant's wall clock, and the day a time falls on there", () => {
    const en = createI18n('en', driver('Trip', 'Stop'));
    expect(en.time('2026-11-24 22:30:00')).toBe('02:30');
    expect(en.time(null)).toBe('—');
    expect(dayIn('2026-11-24 22:30:00', 'Asia/Dubai')).toBe('2026-11-25');
    expect(dayIn('2026-11-24 22:30:00', 'UTC')).toBe('2026-11-24');
  });
});
