import {
  DEFAULT_SETTINGS,
  DEFAULT_THRESHOLDS,
  FINANCE_MONTHLY_SINCE_KEY,
  MESSAGES,
  termsFromSettings,
  type TSettingItem,
  type TTerms,
  type TThresholds,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import {
  emit,
  inTransaction,
  inTenant,
  type TServiceContext,
  type TTenantContext,
} from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { TAdminPrincipal } from '../../platform/principal.ts';
import {
  listCurrencies,
  listSpaceUnits,
  listTenantSettings,
  listTenantsWithSetting,
  listTenantTypes,
  listVolumeUnits,
  tenantExists,
  tenantNameAndType,
  upsertTenantSettings,
} from './queries.ts';
import { validateCombinedSettings, validateSettings } from './validate.ts';

/**
 * The tenant a settings call is about: a tenant admin's own (any other was refused already), or the
 * one the super admin names, which must exist.
 */
export async function settingsTenantFor(
  ctx: TServiceContext,
  admin: TAdminPrincipal,
  requested: number | null | undefined,
): Promise<TTenantContext> {
  const tenantId = admin.kind === 'super_admin' ? requested : admin.tenantId;
  if (tenantId === null || tenantId === undefined)
    throw new AppError('BAD_REQUEST', MESSAGES.tenant.idRequired);
  if (!(await tenantExists(ctx.db, tenantId))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  return inTenant(ctx, tenantId);
}

export const tenantSettings = (ctx: TTenantContext): Promise<TSettingItem[]> =>
  listTenantSettings(ctx.db, ctx.tenantId);

export const defaultSettings = (): TSettingItem[] =>
  Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value }));

type TReferenceLists = {
  currencies: Awaited<ReturnType<typeof listCurrencies>>;
  spaceUnits: Awaited<ReturnType<typeof listSpaceUnits>>;
  volumeUnits: Awaited<ReturnType<typeof listVolumeUnits>>;
};
const referenceRead = new WeakMap<Db, Promise<TReferenceLists>>();

/**
 * The reference lists every tenant chooses from (spec 000 §3): currencies and units, written by the
 * migrations and never by a request, so read once a database handle and kept (a failed read is
 * tried again next time). Every driver-app call and every report reads them through the tenant's
 * profile, and the profile was three of its five queries.
 */
function referenceLists(db: Db): Promise<TReferenceLists> {
  let read = referenceRead.get(db);
  if (!read) {
    read = Promise.all([listCurrencies(db), listSpaceUnits(db), listVolumeUnits(db)]).then(
      ([currencies, spaceUnits, volumeUnits]) => ({ currencies, spaceUnits, volumeUnits }),
    );
    referenceRead.set(db, read);
    read.catch(() => referenceRead.delete(db));
  }
  return read;
}

export const currencies = async (db: Db) => (await referenceLists(db)).currencies;
export const spaceUnits = async (db: Db) => (await referenceLists(db)).spaceUnits;
export const volumeUnits = async (db: Db) => (await referenceLists(db)).volumeUnits;
export const tenantTypes = (db: Db) => listTenantTypes(db);
export const tenantExistsById = (db: Db, tenantId: number) => tenantExists(db, tenantId);

/** The tenants whose `key` setting is `value` (the monthly finance run finds its tenants so). */
export const tenantsWithSetting = (db: Db, key: string, value: string): Promise<number[]> =>
  listTenantsWithSetting(db, key, value);

/**
 * The answers of `trackerTripsWhileSignedIn` by tenant, remembered for `RULE_REMEMBER_MS`: a tracker
 * asks at every report. Settings saved in this process forget them (before and after the write);
 * saved by another process, they are seen within the time remembered.
 */
const RULE_REMEMBER_MS = 5000;
const trackerRules = new WeakMap<Db, Map<number, { yes: boolean; until: number }>>();
let settingsGeneration = 0;
let rulesGeneration = 0;

/**
 * Whether a tracker may run the trip of a driver signed in to the driver app (the tenant's
 * `tracker_trips_while_signed_in`, off unless set to `true`), as remembered above.
 */
export async function trackerTripsWhileSignedIn(ctx: TTenantContext): Promise<boolean> {
  let known = trackerRules.get(ctx.db);
  if (!known) trackerRules.set(ctx.db, (known = new Map()));
  if (rulesGeneration !== settingsGeneration) {
    known.clear();
    rulesGeneration = settingsGeneration;
  }
  const hit = known.get(ctx.tenantId);
  if (hit && hit.until > Date.now()) return hit.yes;
  const generation = settingsGeneration;
  const settings = await listTenantSettings(ctx.db, ctx.tenantId);
  const yes = settings.find((s) => s.key === 'tracker_trips_while_signed_in')?.value.trim() === 'true';
  if (generation === settingsGeneration)
    known.set(ctx.tenantId, { yes, until: Date.now() + RULE_REMEMBER_MS });
  return yes;
}

/**
 * Checks every pair against the keys and lists, and the settings they make together, then writes
 * them, all or none. Turning the monthly finance summary on records when (FINANCE_MONTHLY_SINCE_KEY):
 * months whose run fell due before are never sent.
 */
export async function saveTenantSettings(ctx: TTenantContext, items: TSettingItem[]): Promise<void> {
  if (!(await tenantExists(ctx.db, ctx.tenantId))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  const {
    currencies: currencyList,
    spaceUnits: spaceList,
    volumeUnits: volumeList,
  } = await referenceLists(ctx.db);
  validateSettings(items, {
    currencies: currencyList.map((c) => c.name),
    spaceUnits: spaceList.map((u) => u.name),
    volumeUnits: volumeList.map((u) => u.name),
  });
  const stored = await listTenantSettings(ctx.db, ctx.tenantId);
  validateCombinedSettings(stored, items);
  const wasOn = stored.some((s) => s.key === 'finance_monthly_send' && s.value.trim() === 'true');
  const turnedOn = !wasOn && items.some((i) => i.key === 'finance_monthly_send' && i.value.trim() === 'true');
  const written = turnedOn
    ? [...items, { key: FINANCE_MONTHLY_SINCE_KEY, value: new Date().toISOString() }]
    : items;
  settingsGeneration += 1;
  try {
    await inTransaction(ctx, async (tx) => {
      await upsertTenantSettings(tx.db, tx.tenantId, written);
      emit(tx, 'settings.updated', [tx.tenantId]);
    });
  } finally {
    settingsGeneration += 1;
  }
}

/**
 * Everything about a tenant that shapes what the product computes and writes for it, read in one
 * place: its name and type, its time zone, its terms and units, and the thresholds of the live
 * engines. Reports, schedules, exports and the engines read this, never the settings rows.
 */
export interface TTenantProfile {
  tenantId: number;
  name: string;
  type: string;
  /** IANA zone of the tenant's wall clock (reports, schedules). */
  timeZone: string;
  terms: TTerms;
  thresholds: TThresholds;
}

export async function tenantProfile(ctx: TTenantContext): Promise<TTenantProfile> {
  const [tenant, settings, { currencies: currencyList, spaceUnits: spaceList, volumeUnits: volumeList }] =
    await Promise.all([
      tenantNameAndType(ctx.db, ctx.tenantId),
      listTenantSettings(ctx.db, ctx.tenantId),
      referenceLists(ctx.db),
    ]);
  if (!tenant) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  const value = (key: string) => settings.find((s) => s.key === key)?.value.trim() || undefined;
  const number = (key: string, fallback: number) => {
    const n = Number(value(key));
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  return {
    tenantId: ctx.tenantId,
    name: tenant.name,
    type: tenant.type,
    timeZone: value('time_zone') ?? DEFAULT_SETTINGS.time_zone,
    terms: termsFromSettings({
      settings,
      tenantType: tenant.type,
      currencies: currencyList,
      spaceUnits: spaceList,
      volumeUnits: volumeList,
    }),
    thresholds: {
      stopRadiusMeters: number('stop_radius_m', DEFAULT_THRESHOLDS.stopRadiusMeters),
      idleSpeedKmh: number('idle_speed_kmh', DEFAULT_THRESHOLDS.idleSpeedKmh),
    },
  };
}
