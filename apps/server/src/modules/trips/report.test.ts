import { describe, expect, it } from 'vitest';
import { termsFromSettings, type TTripDestination, type TTripRow } from '@fleet/contract';
import { pdfText } from '../../test/pdf-text.ts';
import { buildTripReport } from './report.ts';

/** A stop of the fixture trip. */
const stop = (id: number, name: string, student: [string, string] | null): TTripDestination => ({
  id,
  destination_id: id,
  destination_name: name,
  destination_lat: 25.2,
  destination_lon: 55.3,
  destination: { name, lat: 25.2, lon: 55.3 },
  staying_time: 10,
  staying_time_range: 5,
  driving_time: 20,
  driving_time_range: 5,
  student_id: student ? id : null,
  student_fname: student?.[0] ?? null,
  student_lname: student?.[1] ?? null,
  expected_arrival_date: '2030-05-10 06:30:00',
  expected_departure_date: '2030-05-10 06:40:00',
  arrived_date: '2030-05-10 06:37:00',
  departed_date: '2030-05-10 06:49:00',
  skipped_date: null,
  skip_reason: null,
  tasks: [],
});

/** An ended trip of an Arabic-speaking tenant: its driver, places, student and fine in Arabic. */
const trip: TTripRow = {
  id: 77,
  driver: { id: 5, fname: 'محمد', lname: 'العلي' },
  driver_id: 5,
  warehouse: { id: 3, title: 'مستودع جبل علي', lat: 25.01, lon: 55.1 },
  warehouse_id: 3,
  type: { id: 2, title: 'توصيل' },
  type0: { id: 2, title: 'توصيل' },
  start_date: '2030-05-10 06:00:00',
  started_date: '2030-05-10 06:05:00',
  ended_date: '2030-05-10 08:10:00',
  created_date: '2030-05-01 09:00:00',
  note: 'يرجى الاتصال قبل الوصول',
  departure_time_range: 15,
  expected_length: 100,
  flag: 1,
  active_trip_destination_id: null,
  status: 0,
  lat: 25.01,
  lon: 55.1,
  schedule_id: null,
  destinations: [
    stop(11, 'مدرسة النور', ['سارة', 'سلامة']),
    stop(12, 'Gate 4, Al Maktoum Airport Cargo', null),
  ],
  fines: [
    {
      id: 9,
      amount: 300,
      description: 'تجاوز السرعة في شارع الشيخ زايد',
      issued_date: '2030-05-10 07:00:00',
      creation_date: '2030-05-10 07:05:00',
      status: 1,
      pictures: [],
    },
  ],
  accidents: [],
};

describe('the trip report in Arabic', () => {
  it("writes the tenant's Arabic name, terms, driver, places and student, each in logical order", async () => {
    const terms = termsFromSettings({
      settings: [
        { key: 'driver_term', value: 'السائق' },
        { key: 'trip_term', value: 'رحلة' },
        { key: 'warehouse_term', value: 'المستودع' },
      ],
    });
    const pdf = await buildTripReport({
      trip,
      terms,
      tenantName: 'شركة الصحراء للتوصيل',
      namat: false,
      timeZone: 'Asia/Dubai',
      vehicle: { reference: 'د ٤٥٦٧', brand: 'Toyota', model: 'Hiace' },
    });
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const words of [
      'محمد العلي',
      'شركة الصحراء للتوصيل',
      'مستودع جبل علي',
      'مدرسة النور',
      'سارة سلامة',
      'تجاوز السرعة في شارع الشيخ زايد',
      'يرجى الاتصال قبل الوصول',
      'توصيل',
      'السائق',
      'المستودع',
    ]) {
      expect(text).toContain(words);
    }
    // The Latin parts around them are still there, in the tenant's time zone.
    expect(text).toContain('Gate 4, Al Maktoum Airport Cargo');
    expect(text).toContain('Planned arrival 2030-05-10 10:30');
  });
});
