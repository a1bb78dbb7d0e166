import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tablesWithTenantColumn, writeCounts } from './fingerprint.ts';
import {
  accidents,
  crmAddresses,
  crmContacts,
  crmCustomers,
  crmItems,
  crmOrderHistory,
  crmOrderLines,
  crmOrderPets,
  crmOrders,
  crmPets,
  crmTrackingLinks,
  dieselTanks,
  driverFiles,
  driverLocations,
  exportJobs,
  financeRuns,
  fines,
  guardians,
  logs,
  driverIgnoredFixes,
  notifications,
  pushSubscriptions,
  studentGuardians,
  students,
  taskPhotos,
} from '../db/schema/index.ts';
import { newStorageKey, type Storage } from '../platform/storage.ts';
import { buildXlsx } from '../platform/xlsx.ts';

// One tenant's data seen through the database itself, for the tenant-isolation test: a fingerprint
// of its rows, the references that cross from one tenant to another, and a marker planted in its text
// so that any answer showing it to another tenant can be caught. Everything is found through the
// catalogue (every table with a `tenant_id` column), so tables added later are covered unasked.

// Tables that change on every request for reasons of their own: session clocks, sign-in counters.
const VOLATILE = new Set(['sessions', 'login_failures', '__drizzle_migrations']);

/** Rows of a raw query, whichever driver answered (PGlite wraps them, postgres.js does not). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/**
 * Every table holding tenant-owned rows (a `tenant_id` column), but the volatile ones; a partitioned
 * table once, its partitions' rows being its own. Read once a database: a walk's requests add rows,
 * never tables (a new partition's rows are its partitioned table's).
 */
export function tenantTables(db: Db): Promise<string[]> {
  let tables = ownedTables.get(db);
  if (!tables) {
    tables = tablesWithTenantColumn(db).then((names) => names.filter((n) => !VOLATILE.has(n)));
    ownedTables.set(db, tables);
  }
  return tables;
}
const ownedTables = new WeakMap<Db, Promise<string[]>>();

/**
 * What a check last found per table (or foreign key), and the write counts it was read at: a check
 * of tables whose counts have not moved since finds the same, so only what was written since is read
 * again. The walks check after every request, and the demo's positions would otherwise be digested
 * thousands of times.
 */
type Remembered<T> = Map<string, { at: string; value: T }>;
const remembered = new WeakMap<Db, Remembered<unknown>>();
type CountsOf = Awaited<ReturnType<typeof writeCounts>>;
async function readChanged<T>(
  db: Db,
  keys: string[],
  /** The counts a key's value depends on, or null when they are not counted (read it every time). */
  atOf: (key: string, counts: CountsOf) => string | null,
  read: (stale: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T>> {
  // Counts first: a write landing while the tables are read raises a count, so it is read again next time.
  const counts = await writeCounts(db);
  const memory = (remembered.get(db) ?? new Map()) as Remembered<T>;
  remembered.set(db, memory);
  const at = new Map(keys.map((key) => [key, atOf(key, counts)]));
  const stale = keys.filter((key) => at.get(key) === null || memory.get(key)?.at !== at.get(key));
  const fresh = stale.length ? await read(stale) : new Map<string, T>();
  for (const key of stale) {
    const when = at.get(key);
    if (when != null && fresh.has(key)) memory.set(key, { at: when, value: fresh.get(key)! });
  }
  return new Map(keys.map((key) => [key, fresh.has(key) ? fresh.get(key)! : memory.get(key)!.value]));
}

/**
 * One digest per table of the tenant's rows only (and of its own `tenants` row), so a test can
 * prove that a request of another tenant changed nothing of this one, whatever else it changed.
 */
export async function tenantFingerprint(db: Db, tenantId: number): Promise<Record<string, string>> {
  const tables = ['tenants', ...(await tenantTables(db))];
  const keyOf = (name: string) => `${tenantId}:${name}`;
  const nameOf = (key: string) => key.slice(key.indexOf(':') + 1);
  const digests = await readChanged(
    db,
    tables.map(keyOf),
    // A digest of one tenant's rows moves only with a write to a row of that tenant, or a truncate.
    (key, { counted, count }) =>
      counted.has(nameOf(key))
        ? `${count(`${nameOf(key)}#${tenantId}`)}/${count(`${nameOf(key)}!truncate`)}`
        : null,
    async (stale) => {
      const parts = stale.map((key) => {
        const name = nameOf(key);
        const where = name === 'tenants' ? sql`t.id = ${tenantId}` : sql`t.tenant_id = ${tenantId}`;
        return sql`select ${key} as key, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
                   from ${sql.identifier(name)} t where ${where}`;
      });
      const rows = await rowsOf<{ key: string; digest: string }>(db, sql.join(parts, sql` union all `));
      return new Map(rows.map((r) => [r.key, r.digest]));
    },
  );
  return Object.fromEntries(tables.map((name) => [name, digests.get(keyOf(name))!]));
}

interface ForeignKey {
  child: string;
  column: string;
  parent: string;
  parentColumn: string;
}

/** Single-column foreign keys between two tenant-owned tables, read once a database. */
function tenantForeignKeys(db: Db): Promise<ForeignKey[]> {
  let keys = foreignKeys.get(db);
  if (!keys) {
    keys = readForeignKeys(db);
    foreignKeys.set(db, keys);
  }
  return keys;
}
const foreignKeys = new WeakMap<Db, Promise<ForeignKey[]>>();

async function readForeignKeys(db: Db): Promise<ForeignKey[]> {
  const owned = new Set(await tenantTables(db));
  const keys = await rowsOf<ForeignKey>(
    db,
    sql`select child.relname as child, ca.attname as "column", parent.relname as parent, pa.attname as "parentColumn"
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        join pg_namespace n on n.oid = child.relnamespace and n.nspname = 'public'
        join pg_attribute ca on ca.attrelid = c.conrelid and ca.attnum = c.conkey[1]
        join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
        where c.contype = 'f' and array_length(c.conkey, 1) = 1
        order by 1, 2`,
  );
  return keys.filter((k) => owned.has(k.child) && owned.has(k.parent));
}

/**
 * Every reference from a row of one tenant to a row of another (a trip of B naming A's driver, say),
 * as `table.column → parent: count`. Empty when the data keeps to its tenants.
 */
export async function crossTenantReferences(db: Db): Promise<string[]> {
  const keys = await tenantForeignKeys(db);
  if (keys.length === 0) return [];
  const labelOf = (k: ForeignKey) => `${k.child}.${k.column} → ${k.parent}`;
  const byLabel = new Map(keys.map((k) => [labelOf(k), k]));
  const counts = await readChanged(
    db,
    [...byLabel.keys()],
    // A reference can only come to cross tenants with a write to its table or to the one it names.
    (label, { counted, count }) => {
      const { child, parent } = byLabel.get(label)!;
      return counted.has(child) && counted.has(parent) ? `${count(child)}/${count(parent)}` : null;
    },
    async (stale) => {
      const parts = stale.map((label) => {
        const k = byLabel.get(label)!;
        return sql`select ${label} as key, count(*)::int as n
                   from ${sql.identifier(k.child)} c join ${sql.identifier(k.parent)} p
                     on p.${sql.identifier(k.parentColumn)} = c.${sql.identifier(k.column)}
                   where c.tenant_id is distinct from p.tenant_id`;
      });
      const rows = await rowsOf<{ key: string; n: number }>(db, sql.join(parts, sql` union all `));
      return new Map(rows.map((r) => [r.key, Number(r.n)]));
    },
  );
  return [...byLabel.keys()]
    .filter((label) => counts.get(label)! > 0)
    .map((label) => `${label}: ${counts.get(label)}`);
}

// Text columns that hold a code the application parses (or a secret), not words a user wrote:
// marking them would break the tenant's own data rather than label it.
const CODE_COLUMNS = new Set([
  'password_hash',
  // A tracker's secret, kept as a digest unique among live drivers.
  'tracker_digest',
  'tracker_kind',
  'time_zone',
  'repeat_type',
  'days_of_week',
  'language',
  'key',
  'value',
  // A task's order and approval states, its photos' kind, place in storage and type, the driver
  // app's idempotency records, a CRM pet's species: values the product reads back as codes.
  'status',
  'species',
  'manager_approval_status',
  'kind',
  'storage_key',
  // A record picture's folder (`fines`, …) and thumbnail's place in storage; a driver file's stored name.
  'folder',
  'path',
  'thumb_key',
  'content_type',
  'request_hash',
  'body',
  // A tracker's identifier (unique across tenants), where a position came from, a change event's type.
  'device_id',
  'source',
  'type',
  // How a vehicle change request was approved (accept, swap, force).
  'resolution',
]);
// Settings whose value is free text shown back to the tenant (the rest are numbers and list entries).
const TEXT_SETTINGS = [
  'location',
  'bus_term',
  'driver_term',
  'trip_term',
  'warehouse_term',
  'destination_term',
];

/** Numbers planted in the tenant's refuels, fines and positions, where no text could carry the marker. */
export const MARKED_NUMBERS = { amount: 97531.25, volume: 97531.5, lat: 13.579111, lon: 24.681222 };

/**
 * Gives a driver of the tenant a fine, an accident, a refuel, a position, a file, a voice message with
 * its recording, a Web Push subscription and a student with a guardian, carrying
 * `text` and `numbers`: the demo seeds none of these, and a record that does not exist cannot leak.
 */
export async function plantRecords(
  db: Db,
  options: {
    tenantId: number;
    driverId: number;
    tripId: number;
    text: string;
    numbers: typeof MARKED_NUMBERS;
    /** Where the file's copy goes; without it, the file has its row only. */
    storage?: Storage;
  },
): Promise<void> {
  const { tenantId, driverId, tripId, text, numbers } = options;
  const created = new Date();
  await db.insert(fines).values({
    tenantId,
    driverId,
    tripId,
    amount: numbers.amount,
    description: text,
    issuedDate: created,
  });
  await db.insert(accidents).values({
    tenantId,
    driverId,
    tripId,
    location: text,
    description: text,
    lat: numbers.lat,
    lon: numbers.lon,
  });
  await db
    .insert(dieselTanks)
    .values({ tenantId, driverId, tripId, volume: numbers.volume, amount: numbers.amount });
  // A service of the tenant's first live vehicle, of its first maintenance type.
  await db.execute(
    sql`insert into maintenances (tenant_id, bus_id, type_id, date, note, completed_by, cost)
        select ${tenantId}, v.id, mt.id, '2026-01-15', ${text}, ${text}, ${numbers.amount}
        from (select id from vehicles where tenant_id = ${tenantId} and not archived order by id limit 1) v,
             (select id from maintenance_types where tenant_id = ${tenantId} order by id limit 1) mt`,
  );
  const storageKey = newStorageKey('driver-files', tenantId, [driverId], 'application/pdf');
  if (options.storage) await options.storage.put(storageKey, PLANTED_PDF, 'application/pdf');
  await db.insert(driverFiles).values({
    tenantId,
    driverId,
    title: text,
    path: storageKey.split('/').pop()!,
    storageKey,
    fileName: `${text}.pdf`,
    contentType: 'application/pdf',
    bytes: PLANTED_PDF.byteLength,
  });
  const audioKey = newStorageKey('notifications', tenantId, [driverId], 'audio/webm');
  if (options.storage) await options.storage.put(audioKey, PLANTED_WEBM, 'audio/webm');
  await db.insert(notifications).values({
    tenantId,
    driverId,
    title: text,
    body: text,
    isText: 0,
    language: 'en',
    audioKey,
    audioPath: audioKey.split('/').pop()!,
    audioType: 'audio/webm',
    mediaData: { transcribed: text, language: 'en', output_text: text },
  });
  // An error of the tenant's console, for its admins' error log.
  await db.insert(logs).values({
    tenantId,
    file: `/assets/${text}.js`,
    line: 1,
    error: text,
    stack: text,
    userId: null,
    userType: null,
    extra: { source: 'console', route: `/${text}` },
  });
  // Fixes of the driver's tracker that were acknowledged but not stored, as the Location tab shows them.
  await db
    .insert(driverIgnoredFixes)
    .values({ tenantId, driverId, count: 3, lastReason: 'too_old', lastDetail: text })
    .onConflictDoNothing();
  await db.insert(pushSubscriptions).values({
    tenantId,
    driverId,
    endpoint: `https://push.example.com/${encodeURIComponent(text)}/${driverId}-${Date.now()}`,
    p256dh: text,
    auth: text,
  });
  // A finished background export of each live admin (each sees their own only), its file stored.
  const admins = await rowsOf<{ id: number }>(
    db,
    sql`select id from admins where tenant_id = ${tenantId} and not archived order by id`,
  );
  const exportFile = await buildXlsx('Trips', [{ header: 'Note', value: (row: string) => row }], [text]);
  for (const admin of admins) {
    const exportKey = newStorageKey('exports', tenantId, [], XLSX_TYPE);
    if (options.storage) await options.storage.put(exportKey, exportFile, XLSX_TYPE);
    await db.insert(exportJobs).values({
      tenantId,
      adminId: admin.id,
      kind: 'trips',
      filter: {},
      status: 'done',
      rowsWritten: 1,
      rowsTotal: 1,
      fileName: `${text}.xlsx`,
      storageKey: exportKey,
      bytes: exportFile.byteLength,
      finishedDate: created,
      expiresDate: new Date(created.getTime() + 86_400_000),
    });
  }
  // A month of the monthly finance summary that failed, its reason and address carrying the text.
  await db.insert(financeRuns).values({
    tenantId,
    month: '2001-01',
    status: 'failed',
    fileType: 2,
    recipient: `${text}@finance.example`,
    reason: text,
    claimedAt: created,
    finishedAt: created,
  });
  await db
    .insert(driverLocations)
    .values({ tenantId, driverId, lat: numbers.lat, lon: numbers.lon, recordedAt: created, source: 'app' });
  const [student] = await db
    .insert(students)
    .values({
      tenantId,
      driverId,
      fname: text,
      lname: text,
      stopName: text,
      stopLat: numbers.lat,
      stopLon: numbers.lon,
    })
    .returning({ id: students.id });
  // A guardian's e-mail is unique everywhere: the student's id keeps each planted one apart.
  const [guardian] = await db
    .insert(guardians)
    .values({
      tenantId,
      fname: text,
      lname: text,
      email: `planted.guardian.${student!.id}@example.com`,
      passwordHash: 'no sign-in',
    })
    .returning({ id: guardians.id });
  await db.insert(studentGuardians).values({ tenantId, studentId: student!.id, guardianId: guardian!.id });
  await plantCrmRecords(db, { tenantId, text, numbers });
}

/**
 * CRM records: three customers, each with a contact, a pet and an address (a walk archives one
 * customer with its own and still finds the next), an item, and a delivered order of the first
 * customer with its line, pet, history and tracking link.
 */
async function plantCrmRecords(
  db: Db,
  { tenantId, text, numbers }: { tenantId: number; text: string; numbers: typeof MARKED_NUMBERS },
): Promise<void> {
  const customers = await db
    .insert(crmCustomers)
    .values(
      [1, 2, 3].map((n) => ({ tenantId, kind: 'person', name: `${text} ${n}`, notes: text, tags: ['walk'] })),
    )
    .returning({ id: crmCustomers.id });
  const owned: { customerId: number; petId: number; addressId: number }[] = [];
  for (const { id: customerId } of customers) {
    await db.insert(crmContacts).values({ tenantId, customerId, name: text, role: text });
    const [pet] = await db
      .insert(crmPets)
      .values({ tenantId, customerId, name: text, species: 'dog', breed: text, weight: numbers.volume })
      .returning({ id: crmPets.id });
    const [address] = await db
      .insert(crmAddresses)
      .values({ tenantId, customerId, label: text, address: text, lat: numbers.lat, lon: numbers.lon })
      .returning({ id: crmAddresses.id });
    owned.push({ customerId, petId: pet!.id, addressId: address!.id });
  }
  const [item] = await db
    .insert(crmItems)
    .values({
      tenantId,
      sku: `${text}-${customers[0]!.id}`,
      name: text,
      unit: text,
      unitPrice: numbers.amount,
    })
    .returning({ id: crmItems.id });
  const { customerId, petId, addressId } = owned[0]!;
  const [order] = await db
    .insert(crmOrders)
    .values({
      tenantId,
      customerId,
      addressId,
      requestedDate: '2026-01-15',
      status: 'delivered',
      notes: text,
      total: numbers.amount,
      lineCount: 1,
    })
    .returning({ id: crmOrders.id });
  const orderId = order!.id;
  await db.insert(crmOrderLines).values({
    tenantId,
    orderId,
    position: 1,
    itemId: item!.id,
    sku: text,
    name: text,
    unit: text,
    quantity: 1,
    unitPrice: numbers.amount,
    amount: numbers.amount,
  });
  await db.insert(crmOrderPets).values({ tenantId, orderId, petId });
  await db.insert(crmOrderHistory).values({ tenantId, orderId, status: 'delivered', by: text });
  await db.insert(crmTrackingLinks).values({ tenantId, orderId, token: `${text}-${orderId}-${Date.now()}` });
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The background export of `adminId` planted by `plantRecords`, or null. */
export async function plantedExport(
  db: Db,
  tenantId: number,
  adminId: number | null,
): Promise<number | null> {
  const [row] = await db
    .select({ id: exportJobs.id })
    .from(exportJobs)
    .where(
      and(eq(exportJobs.tenantId, tenantId), adminId === null ? undefined : eq(exportJobs.adminId, adminId)),
    )
    .orderBy(exportJobs.id)
    .limit(1);
  return row?.id ?? null;
}

/** A one-page blank PDF (readers open it), the driver file planted. */
export const PLANTED_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** The start of a WebM recording (EBML header, DocType webm), the voice message planted. */
export const PLANTED_WEBM = Buffer.from(
  '1A45DFA39F4286810142F7810142F2810442F381084282847765626D42878104428581021853806701FFFFFFFFFFFFFF',
  'hex',
);

/** A 1×1 PNG, the proof photo planted on a task. */
export const PLANTED_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Gives a task of the tenant a proof photo, stored as the product stores them; answers its id. */
export async function plantTaskPhoto(
  db: Db,
  storage: Storage,
  { tenantId, taskId, driverId }: { tenantId: number; taskId: number; driverId: number | null },
): Promise<number> {
  const storageKey = newStorageKey('tasks', tenantId, [taskId], 'image/png');
  await storage.put(storageKey, PLANTED_PHOTO, 'image/png');
  const [row] = await db
    .insert(taskPhotos)
    .values({
      tenantId,
      taskId,
      kind: 'client',
      storageKey,
      contentType: 'image/png',
      bytes: PLANTED_PHOTO.byteLength,
      driverId,
    })
    .returning({ id: taskPhotos.id });
  return row!.id;
}

/**
 * Writes `marker` into every free-text column of the tenant's rows (names, places, notes, references,
 * e-mails as `marker.…@…`), into its name and its free-text settings, after giving `driverId` the
 * records the demo lacks (`plantRecords`, with `MARKED_NUMBERS`), so every kind of record the API can
 * answer is recognisable. Returns how many rows were marked per table.
 */
export async function plantMarker(
  db: Db,
  {
    tenantId,
    marker,
    driverId,
    tripId,
  }: { tenantId: number; marker: string; driverId: number; tripId: number },
): Promise<Record<string, number>> {
  await plantRecords(db, { tenantId, driverId, tripId, text: marker, numbers: MARKED_NUMBERS });
  const columns = await rowsOf<{ table: string; column: string }>(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and data_type = 'text' order by 1, 2`,
  );
  const owned = new Set(await tenantTables(db));
  const marked: Record<string, number> = {};
  for (const table of owned) {
    const sets = columns
      .filter((c) => c.table === table && !CODE_COLUMNS.has(c.column))
      .map((c) => {
        const column = sql.identifier(c.column);
        return c.column === 'email'
          ? sql`${column} = ${`${marker.toLowerCase()}.`} || ${column}`
          : sql`${column} = coalesce(${column} || ' ', '') || ${marker}`;
      });
    if (sets.length === 0) continue;
    const rows = await rowsOf<{ n: number }>(
      db,
      sql`with marked as (update ${sql.identifier(table)} set ${sql.join(sets, sql`, `)}
          where tenant_id = ${tenantId} returning 1) select count(*)::int as n from marked`,
    );
    marked[table] = Number(rows[0]?.n ?? 0);
  }
  await db.execute(
    sql`update tenant_settings set value = value || ' ' || ${marker}
        where tenant_id = ${tenantId} and key in (${sql.join(
          TEXT_SETTINGS.map((k) => sql`${k}`),
          sql`, `,
        )})`,
  );
  await db.execute(sql`update tenants set name = name || ' ' || ${marker} where id = ${tenantId}`);
  return marked;
}
