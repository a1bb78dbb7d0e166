import { mixSeed, seeded, type TRandom } from '@fleet/sim';
import {
  ZAddressInput,
  ZContactInput,
  ZCrmOrderInput,
  ZCustomerInput,
  ZItemInput,
  ZPetInput,
  type TAddressValues,
  type TCrmOrderInput,
} from '@fleet/contract';
import { inTenant, type TServiceContext, type TTenantContext } from '../../platform/context.ts';
import {
  addAddress,
  addContact,
  addCrmOrder,
  addCustomer,
  addItem,
  addPet,
  customersPage,
  planCrmOrders,
  setCrmOrderStatus,
} from '../crm/service.ts';
import { tenantsList } from '../tenants/service.ts';
import { tenantProfile } from '../settings/service.ts';
import { tripsOfDay } from '../trips/service.ts';

/*
 * The demo's CRM (issue "CRM module", item 6): Desert Express's customers around Dubai with their
 * addresses, contacts and pets, its catalogue, and orders across the history's days. Each day, a
 * few confirmed orders are planned through the orders service onto the end of that day's delivery
 * trips, before the simulator runs them: their statuses then follow the trips as the drivers run
 * them (delivered with a photo, or failed when a trip ends without them). Today's and tomorrow's
 * orders are partly left confirmed for the dispatcher to plan, and a few are drafts or cancelled;
 * the day after tomorrow has a day's confirmed orders to plan across the drivers.
 */

const DAY_MS = 86_400_000;
/** The demo orders' own random stream, apart from the fleet's and the other records'. */
const CRM_STREAM = 7;
/** Confirmed orders of the day after tomorrow, left for the admin to plan across drivers. */
const PLAN_DAY_ORDERS = 30;

interface TDemoCustomer {
  kind: 'person' | 'company';
  name: string;
  phone: string;
  email: string;
  tags: string[];
  addresses: { label: string; address: string; lat: number; lon: number; delivery_notes?: string }[];
  contacts?: { name: string; role: string; phone: string; email: string }[];
  pets?: {
    name: string;
    species: 'dog' | 'cat' | 'bird' | 'rabbit';
    breed: string;
    birth_date: string;
    weight: number;
    special_needs?: string;
  }[];
}

const CUSTOMERS: TDemoCustomer[] = [
  {
    kind: 'person',
    name: 'Layla Haddad',
    phone: '+971 50 214 7781',
    email: 'layla.haddad@example.com',
    tags: ['pets', 'vip'],
    addresses: [
      {
        label: 'Home',
        address: 'Villa 12, Street 15, Jumeirah 1',
        lat: 25.2168,
        lon: 55.2589,
        delivery_notes: 'Ring twice; the dog barks but is friendly.',
      },
      { label: 'Office', address: 'Bay Square 5, Business Bay', lat: 25.1867, lon: 55.2797 },
    ],
    pets: [
      {
        name: 'Rex',
        species: 'dog',
        breed: 'Labrador',
        birth_date: '2020-04-12',
        weight: 31,
        special_needs: 'Needs a ramp into the van.',
      },
    ],
  },
  {
    kind: 'person',
    name: 'Omar Farouk',
    phone: '+971 55 603 1192',
    email: 'omar.farouk@example.com',
    tags: ['regular'],
    addresses: [
      {
        label: 'Apartment',
        address: 'Marina Gate 2, Dubai Marina',
        lat: 25.0862,
        lon: 55.1471,
        delivery_notes: 'Leave with the concierge.',
      },
    ],
  },
  {
    kind: 'person',
    name: 'Priya Nair',
    phone: '+971 52 880 4410',
    email: 'priya.nair@example.com',
    tags: ['pets'],
    addresses: [{ label: 'Home', address: 'Cluster D, Jumeirah Lake Towers', lat: 25.0705, lon: 55.1412 }],
    pets: [
      { name: 'Luna', species: 'cat', breed: 'British Shorthair', birth_date: '2021-09-01', weight: 4.2 },
      {
        name: 'Milo',
        species: 'cat',
        breed: 'Maine Coon',
        birth_date: '2019-02-17',
        weight: 7.5,
        special_needs: 'Anxious in carriers: cover the basket.',
      },
    ],
  },
  {
    kind: 'person',
    name: 'James Whitfield',
    phone: '+971 50 118 2205',
    email: 'james.whitfield@example.com',
    tags: ['pets'],
    addresses: [{ label: 'Home', address: 'Saheel 2, Arabian Ranches', lat: 25.0566, lon: 55.2693 }],
    pets: [
      { name: 'Bailey', species: 'dog', breed: 'Golden Retriever', birth_date: '2018-06-30', weight: 29 },
    ],
  },
  {
    kind: 'person',
    name: 'Fatima Al Mansoori',
    phone: '+971 56 742 9023',
    email: 'fatima.almansoori@example.com',
    tags: [],
    addresses: [{ label: 'Home', address: 'Al Barsha 2, Street 27', lat: 25.1042, lon: 55.2009 }],
  },
  {
    kind: 'person',
    name: 'Chen Wei',
    phone: '+971 58 330 6671',
    email: 'chen.wei@example.com',
    tags: ['regular'],
    addresses: [{ label: 'Apartment', address: 'Burj Views A, Downtown Dubai', lat: 25.1915, lon: 55.2836 }],
  },
  {
    kind: 'company',
    name: 'Gulf Pets LLC',
    phone: '+971 4 338 1200',
    email: 'orders@gulfpets.example',
    tags: ['wholesale', 'pets'],
    addresses: [
      {
        label: 'Shop',
        address: 'Warehouse 14, Al Quoz Industrial 3',
        lat: 25.1356,
        lon: 55.2224,
        delivery_notes: 'Loading bay at the back, 8:00 to 17:00.',
      },
    ],
    contacts: [
      {
        name: 'Karim Aziz',
        role: 'Store manager',
        phone: '+971 50 771 0040',
        email: 'karim@gulfpets.example',
      },
      {
        name: 'Anna Kowalski',
        role: 'Purchasing',
        phone: '+971 50 771 0041',
        email: 'anna@gulfpets.example',
      },
    ],
  },
  {
    kind: 'company',
    name: 'Marina Bites Café',
    phone: '+971 4 454 2290',
    email: 'hello@marinabites.example',
    tags: ['restaurant'],
    addresses: [{ label: 'Café', address: 'Marina Walk, Dubai Marina', lat: 25.0781, lon: 55.1385 }],
    contacts: [
      { name: 'Rania Saleh', role: 'Owner', phone: '+971 55 454 2291', email: 'rania@marinabites.example' },
    ],
  },
  {
    kind: 'company',
    name: 'Al Noor Clinic',
    phone: '+971 4 266 8800',
    email: 'admin@alnoorclinic.example',
    tags: ['healthcare'],
    addresses: [
      {
        label: 'Clinic',
        address: 'Al Rigga Road, Deira',
        lat: 25.2644,
        lon: 55.3247,
        delivery_notes: 'Reception on the ground floor.',
      },
    ],
    contacts: [
      {
        name: 'Dr. Hassan Qureshi',
        role: 'Clinic director',
        phone: '+971 50 266 8801',
        email: 'hassan@alnoorclinic.example',
      },
    ],
  },
  {
    kind: 'company',
    name: 'Creek Office Supplies',
    phone: '+971 4 352 7070',
    email: 'sales@creekoffice.example',
    tags: ['wholesale'],
    addresses: [
      { label: 'Store', address: 'Khalid Bin Al Waleed Rd, Bur Dubai', lat: 25.2532, lon: 55.2972 },
      { label: 'Depot', address: 'Ras Al Khor Industrial 2', lat: 25.1867, lon: 55.3544 },
    ],
    contacts: [
      {
        name: 'Sunil Menon',
        role: 'Logistics',
        phone: '+971 55 352 7071',
        email: 'sunil@creekoffice.example',
      },
    ],
  },
  {
    kind: 'company',
    name: 'Sunrise Vet Clinic',
    phone: '+971 4 394 5560',
    email: 'care@sunrisevet.example',
    tags: ['pets', 'healthcare'],
    addresses: [{ label: 'Clinic', address: 'Al Wasl Road, Umm Suqeim 2', lat: 25.1515, lon: 55.2142 }],
    contacts: [
      {
        name: 'Dr. Elena Petrova',
        role: 'Veterinarian',
        phone: '+971 50 394 5561',
        email: 'elena@sunrisevet.example',
      },
    ],
  },
  {
    kind: 'company',
    name: 'Palm Grocers',
    phone: '+971 4 422 1900',
    email: 'orders@palmgrocers.example',
    tags: ['retail'],
    addresses: [{ label: 'Store', address: 'Golden Mile 4, Palm Jumeirah', lat: 25.1101, lon: 55.1405 }],
    contacts: [
      {
        name: 'Ahmed Rashid',
        role: 'Store manager',
        phone: '+971 56 422 1901',
        email: 'ahmed@palmgrocers.example',
      },
    ],
  },
];

const ITEMS = [
  { sku: 'DF-10', name: 'Dog food 10 kg', unit: 'bag', unit_price: 89.5, weight: 10, volume: 18 },
  { sku: 'CF-5', name: 'Cat food 5 kg', unit: 'bag', unit_price: 64, weight: 5, volume: 9 },
  { sku: 'LT-12', name: 'Cat litter 12 L', unit: 'bag', unit_price: 35, weight: 7, volume: 12 },
  { sku: 'TR-1', name: 'Dog treats', unit: 'box', unit_price: 22, weight: 0.8, volume: 1.5 },
  { sku: 'GR-1', name: 'Grooming visit', unit: 'visit', unit_price: 150, weight: null, volume: null },
  { sku: 'VT-1', name: 'Vet transport', unit: 'trip', unit_price: 120, weight: null, volume: null },
  { sku: 'BX-S', name: 'Parcel, small', unit: 'parcel', unit_price: 15, weight: 2, volume: 10 },
  { sku: 'BX-M', name: 'Parcel, medium', unit: 'parcel', unit_price: 25, weight: 8, volume: 40 },
  { sku: 'BX-L', name: 'Parcel, large', unit: 'parcel', unit_price: 40, weight: 20, volume: 120 },
  { sku: 'OF-1', name: 'Copy paper, 5 reams', unit: 'box', unit_price: 45, weight: 12.5, volume: 22 },
];

interface TBook {
  customers: { id: number; addresses: number[]; pets: number[]; petOwner: boolean; company: boolean }[];
  items: Map<string, number>;
}

/** Writes the tenant's customers, their addresses, contacts and pets, and the catalogue, through the CRM services. */
async function recordBook(ctx: TTenantContext): Promise<TBook> {
  const items = new Map<string, number>();
  for (const item of ITEMS) items.set(item.sku, (await addItem(ctx, ZItemInput.parse(item))).id);
  const customers: TBook['customers'] = [];
  for (const c of CUSTOMERS) {
    const { id } = await addCustomer(
      ctx,
      ZCustomerInput.parse({ kind: c.kind, name: c.name, phone: c.phone, email: c.email, tags: c.tags }),
    );
    const addresses: number[] = [];
    for (const a of c.addresses)
      addresses.push(
        (await addAddress(ctx, ZAddressInput.parse({ ...a, customer_id: id }) as TAddressValues)).id,
      );
    for (const contact of c.contacts ?? [])
      await addContact(ctx, ZContactInput.parse({ ...contact, customer_id: id }));
    const pets: number[] = [];
    for (const pet of c.pets ?? [])
      pets.push((await addPet(ctx, ZPetInput.parse({ ...pet, customer_id: id }))).id);
    customers.push({ id, addresses, pets, petOwner: pets.length > 0, company: c.kind === 'company' });
  }
  return { customers, items };
}

/** An order's lines as a customer of this kind buys: pet supplies, a pet service, parcels or office supplies. */
function linesFor(customer: TBook['customers'][number], book: TBook, random: TRandom) {
  const id = (sku: string) => book.items.get(sku)!;
  if (customer.petOwner && random.chance(0.35))
    return {
      lines: [{ item_id: id(random.pick(['GR-1', 'VT-1'])), quantity: 1 }],
      petIds: [random.pick(customer.pets)],
    };
  const skus =
    customer.petOwner || random.chance(0.3)
      ? ['DF-10', 'CF-5', 'LT-12', 'TR-1']
      : ['BX-S', 'BX-M', 'BX-L', 'OF-1'];
  const count = random.int(1, 3);
  const chosen = [...new Set(Array.from({ length: count }, () => random.pick(skus)))];
  return {
    lines: chosen.map((sku) => ({ item_id: id(sku), quantity: random.int(1, customer.company ? 8 : 3) })),
    petIds: [],
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** `HH:mm` of minutes after midnight, kept inside the day. */
const clock = (minutes: number) => {
  const m = Math.max(0, Math.min(23 * 60 + 59, Math.round(minutes)));
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
};

/** The minutes after midnight, on the tenant's clock, of a UTC `YYYY-MM-DD HH:mm:ss`. */
const minutesOfDay = (utc: string, zone: string) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  })
    .format(new Date(`${utc.replace(' ', 'T')}Z`))
    .split(':');
  return Number(parts[0]) * 60 + Number(parts[1]);
};

/**
 * Records the CRM demo of every demo tenant with CRM on, over the history's days and the next one,
 * before the simulator runs the days' trips. Answers the orders written.
 */
export async function recordDemoOrders(
  ctx: TServiceContext,
  { now, days, seed }: { now: number; days: number; seed: number },
): Promise<number> {
  let written = 0;
  for (const tenant of await tenantsList(ctx)) {
    if (tenant.is_enabled_crm !== 1) continue;
    const tenantCtx = inTenant(ctx, tenant.id);
    // A history taken up again after a stop finds its CRM made already: its trips carry the orders.
    const known = await customersPage(tenantCtx, { page: 1, page_size: 1 });
    if (known.pagination.total_items > 0) continue;
    const random = seeded(mixSeed(seed, tenant.id, CRM_STREAM));
    const { timeZone } = await tenantProfile(tenantCtx);
    const book = await recordBook(tenantCtx);
    const dayOf = (offset: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(now + offset * DAY_MS));
    const add = async (input: TCrmOrderInput, createdDate?: Date) => {
      written++;
      return addCrmOrder(tenantCtx, ZCrmOrderInput.parse(input), '', createdDate);
    };
    const orderOf = (
      day: string,
      customer: TBook['customers'][number],
      window: [number, number] | null,
      status: 'draft' | 'confirmed',
    ) => {
      const { lines, petIds } = linesFor(customer, book, random);
      return {
        customer_id: customer.id,
        address_id: random.pick(customer.addresses),
        requested_date: day,
        window_start: window ? clock(window[0]) : null,
        window_end: window ? clock(window[1]) : null,
        lines,
        pet_ids: petIds,
        notes: null,
        status,
      };
    };

    for (let offset = -days; offset <= 1; offset++) {
      const day = dayOf(offset);
      // Onto the end of one or two of the day's trips not yet run, each a few customers' orders.
      const trips = (await tripsOfDay(tenantCtx, { date: day })).filter(
        (trip) =>
          trip.driver_id !== null &&
          trip.start_date !== null &&
          trip.started_date === null &&
          trip.destinations.length < 45,
      );
      const chosen = offset <= 0 ? trips.filter(() => random.chance(0.35)).slice(0, 2) : [];
      for (const trip of chosen) {
        const last = trip.destinations.at(-1)?.expected_departure_date ?? trip.start_date!;
        const from = Math.ceil((minutesOfDay(last, timeZone) + 20) / 30) * 30;
        const customers = [
          ...new Set(Array.from({ length: random.int(2, 3) }, () => random.pick(book.customers))),
        ];
        const ids: number[] = [];
        // Taken the evening before, planned two hours before the trip leaves (or now, for today's).
        const leaves = new Date(`${trip.start_date!.replace(' ', 'T')}Z`).getTime();
        const taken = new Date(Math.min(now, leaves - 14 * 3_600_000));
        const planned = new Date(Math.min(now, leaves - 2 * 3_600_000));
        for (const customer of customers) {
          // A window when the trip ends early enough in the day for one; else any time that day.
          const window: [number, number] | null =
            random.chance(0.7) && from + 120 < 24 * 60 ? [from, from + 120] : null;
          ids.push((await add(orderOf(day, customer, window, 'confirmed'), taken)).id);
        }
        await planCrmOrders(tenantCtx, { order_ids: ids, trip_id: trip.id }, { at: planned });
      }
      // Today's and tomorrow's orders still to plan; now and then one a customer cancelled.
      if (offset >= 0) {
        for (let k = 0; k < (offset === 0 ? 3 : 5); k++) {
          const start = random.pick([9, 10, 11, 13, 14, 15]) * 60;
          await add(orderOf(day, random.pick(book.customers), [start, start + 120], 'confirmed'));
        }
        await add(orderOf(day, random.pick(book.customers), null, 'draft'));
      } else if (random.chance(0.15)) {
        const cancelled = await add(orderOf(day, random.pick(book.customers), null, 'confirmed'));
        await setCrmOrderStatus(tenantCtx, cancelled.id, 'cancelled', '');
      }
    }
    // The day after tomorrow: a day's confirmed orders waiting to be shared among the drivers
    // (Trips → Plan a day), most with a two-hour window.
    const planDay = dayOf(2);
    for (let k = 0; k < PLAN_DAY_ORDERS; k++) {
      const start = random.pick([8, 9, 10, 11, 12, 13, 14, 15, 16]) * 60;
      const window: [number, number] | null = random.chance(0.7) ? [start, start + 120] : null;
      await add(orderOf(planDay, random.pick(book.customers), window, 'confirmed'));
    }
  }
  return written;
}
