import {
  devices,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { ACCOUNTS } from './helpers';

/* What the driver app's tests share: a driver and a trip made through the admin API, and a phone. */

export const PASSWORD = 'long-enough-pass-1';
/** A 1×1 PNG: what the phone's camera hands the page in this test. */
export const PHOTO = {
  name: 'proof.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};
export const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
export const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { data: unknown };
  expect(res.ok(), JSON.stringify(body)).toBe(true);
  return body.data as T;
}

/** The delivery tenant's admin, through the API. */
export async function adminApi(baseURL: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  await data(await api.post('/api/admin/login', { data: ACCOUNTS.delivery }));
  return api;
}

let unique = 0;
/** A new driver of the delivery tenant speaking `language`, and a trip of theirs starting now. */
export async function driverWithTrip(api: APIRequestContext, language: 'en' | 'ar') {
  unique += 1;
  const fname = language === 'ar' ? 'Layla' : 'Samir';
  const lname = `Haddad${Date.now() % 100_000}${unique}`;
  const email = `phone-${Date.now()}-${unique}@fleet.example`;
  const driver = await data<{ id: number }>(
    await api.post('/api/driver/add-driver', {
      data: { fname, lname, email, password: PASSWORD, hourly_rate: 20, language },
    }),
  );
  const [origin] = await data<{ id: number }[]>(await api.get('/api/warehouse/get-warehouse'));
  const [type] = await data<{ id: number }[]>(await api.get('/api/type/get-types'));
  const trip = await data<{ id: number }>(
    await api.post('/api/trip/add-trip', {
      data: {
        driver_id: driver.id,
        warehouse_id: origin!.id,
        type: type!.id,
        start_date: utc(Date.now()),
        departure_time_range: 15,
        note: 'Gate code 4711',
        destinations: [
          {
            destination_name: 'Marina Mall loading bay',
            destination_lat: 25.0765,
            destination_lon: 55.1403,
            driving_time: 20,
            staying_time: 10,
            tasks: [
              { description: 'Deliver 3 parcels', order_id: 'ORD-7001', client_approval: true },
              { description: 'Cash on delivery', order_id: 'ORD-7002', manager_approval: true },
            ],
          },
          {
            destination_name: 'JLT Cluster D',
            destination_lat: 25.0693,
            destination_lon: 55.1445,
            driving_time: 10,
            staying_time: 5,
            tasks: [],
          },
        ],
      },
    }),
  );
  return { id: driver.id, email, name: `${fname} ${lname}`, tripId: trip.id };
}

/** A phone: Pixel 7, the location allowed and set. */
export async function phone(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    ...devices['Pixel 7'],
    baseURL,
    geolocation: { latitude: 25.05, longitude: 55.13, accuracy: 8 },
    permissions: ['geolocation'],
  });
}

/** Signs the driver in on the app's first screen and waits for Today, in the driver's language. */
export async function signInOnPhone(page: Page, email: string, todayHeading = 'Today') {
  await page.goto('/driver/');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: todayHeading, level: 1 })).toBeVisible();
}
