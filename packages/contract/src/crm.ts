import { z } from 'zod';
import { DAY, readUtcDateTime, inDateYears } from './dates.ts';
import { LIST_CURSOR_MAX_LENGTH } from './trips.ts';
import { zId, zPage, zPageSize } from './numbers.ts';
import { ZLat, ZLon } from './places.ts';
import { EMAIL_PATTERN } from './registry.ts';

/*
 * CRM (spec 000 §1, §6: the `/crm` screens Customers, Contacts, Pets, Orders, Items and Addresses,
 * behind the tenant's `is_enabled_crm` flag). The spec names the screens only; fields and rules are
 * ours, for delivery and field-service fleets (pets: pet transport, grooming and vet runs).
 *
 * Every call is `v1/crm/…`, answers `{success, data}` (lists add `pagination`), and is refused
 * with 403 when the tenant's CRM is off:
 *   GET    v1/crm/{records}?page=&page_size=&search=[&customer_id=]   {success, data: [row], pagination}
 *   GET    v1/crm/{records}/{id}                                       {success, data: row}
 *   POST   v1/crm/{records}                                            {success, message, data: row}
 *   PUT    v1/crm/{records}/{id}                                       {success, message, data: row}
 *   DELETE v1/crm/{records}/{id}                                       {success, message}
 *   GET    v1/crm/{records}/export?search=                             the list as .xlsx
 * where {records} is customers, contacts, pets, addresses, items or orders. Orders page by cursor
 * (`next_cursor`, `prev_cursor`) so a page costs the same at any depth; they move through their
 * statuses with `POST v1/crm/orders/{id}/status` and become trips with `POST v1/crm/orders/plan`.
 * A planned order's customer follows it on a public tracking page (`/track/{token}`).
 */

// ---------- Shared rules ----------

export const CRM_PAGE_SIZE = 25;
export const CRM_SEARCH_MAX = 100;
export const CRM_NAME_MAX = 120;
export const CRM_NOTES_MAX = 2000;
export const CRM_TAGS_MAX = 20;
export const CRM_TAG_MAX = 30;
/** Lines of one order. */
export const ORDER_LINES_MAX = 100;
/** Pets of one order (a pet service). */
export const ORDER_PETS_MAX = 10;
/** Orders planned into trips by one request. */
export const ORDER_PLAN_MAX = 50;
/** The largest quantity, unit price, weight or volume the CRM takes. */
export const CRM_NUMBER_MAX = 1_000_000_000;
/** A phone number as people write it: digits, spaces, +, -, ., ( and ), 5 to 30 characters. */
export const PHONE_PATTERN = /^\+?[0-9 ()\-.]{5,30}$/;
/** `HH:mm`, 00:00 to 23:59: the bounds of an order's time window, in the tenant's time zone. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export const CRM_MESSAGES = {
  disabled: 'The CRM module is not enabled for your organisation.',
  required: 'This field is required',
  nameMax: `Must be at most ${CRM_NAME_MAX} characters`,
  notesMax: `Must be at most ${CRM_NOTES_MAX} characters`,
  emailInvalid: 'Please enter a valid e-mail address',
  phoneInvalid: 'Please enter a valid phone number (digits, spaces, +, -, parentheses)',
  tagsMax: `At most ${CRM_TAGS_MAX} tags of ${CRM_TAG_MAX} characters each`,
  numberInvalid: 'Please enter a number of at least 0',
  priceInvalid: 'Enter a valid price (e.g., 10, 10.5, 10.99)',
  quantityInvalid: 'Quantity must be more than 0',
  dayInvalid: 'Please enter a valid date (YYYY-MM-DD)',
  birthDateFuture: 'The birth date cannot be in the future',
  timeInvalid: 'Please enter a time as HH:mm',
  windowInvalid: 'The window must end after it starts',
  windowIncomplete: 'Give both ends of the time window, or neither',
  linesRequired: 'Add at least one line',
  linesMax: `At most ${ORDER_LINES_MAX} lines`,
  petsMax: `At most ${ORDER_PETS_MAX} pets`,
  coordinatesRequired: 'Pick the address on the map or type its coordinates',
  customerNotFound: 'Customer not found',
  contactNotFound: 'Contact not found',
  petNotFound: 'Pet not found',
  addressNotFound: 'Address not found',
  itemNotFound: 'Item not found',
  orderNotFound: 'Order not found',
  addressOfOtherCustomer: "The address must be one of the customer's addresses",
  petOfOtherCustomer: "Each pet must be one of the customer's pets",
  skuTaken: 'An item with this SKU already exists',
  customerHasOpenOrders: 'This customer has orders on their way; cancel or finish them first',
  addressHasOpenOrders: 'This address has orders on their way; cancel or finish them first',
  orderNotEditable: 'Only a draft, confirmed or failed order can be changed',
  orderNotDeletable: 'Only a draft or cancelled order can be deleted',
  transitionRefused: (from: string, to: string) => `An order that is ${from} cannot become ${to}`,
  planNotConfirmed: 'Only confirmed or failed orders can be planned',
  planOneDay: 'Plan orders of one requested day at a time',
  planTripNotPlanned: 'Orders can only be added to a trip that has not started',
  planTooMany: `Plan at most ${ORDER_PLAN_MAX} orders at a time`,
  planStopsMax: 'The trip would have more than 50 stops',
  trackingNotPlanned: 'A tracking link is given once the order is planned',
  trackingEnded: 'This order ended more than a day ago: its customer has nothing left to follow',
  trackingNoEmail: 'This customer has no e-mail address: enter one of its contacts’ addresses',
  trackingRecipient: 'Send the link to the customer’s e-mail address or one of its contacts’',
  created: (noun: string) => `${noun} added successfully`,
  updated: (noun: string) => `${noun} updated successfully`,
  deleted: (noun: string) => `${noun} deleted successfully`,
  planned: (count: number, tripId: number) =>
    `${count} ${count === 1 ? 'order' : 'orders'} planned into trip ${tripId}`,
  statusChanged: 'Order status updated successfully',
  trackingSent: 'Tracking link sent',
  trackingRevoked: 'Tracking link revoked',
} as const;

const requiredText = (max: number, maxMessage: string) =>
  z.string({ error: CRM_MESSAGES.required }).trim().min(1, CRM_MESSAGES.required).max(max, maxMessage);

/** Optional text: '', null and left out all mean none (null). */
const optionalText = (max: number, maxMessage: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    z.string({ error: maxMessage }).trim().max(max, maxMessage).nullable(),
  );

const optionalEmail = () =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    z
      .string({ error: CRM_MESSAGES.emailInvalid })
      .trim()
      .max(254, CRM_MESSAGES.emailInvalid)
      .regex(EMAIL_PATTERN, CRM_MESSAGES.emailInvalid)
      .nullable(),
  );

const optionalPhone = () =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    z
      .string({ error: CRM_MESSAGES.phoneInvalid })
      .trim()
      .regex(PHONE_PATTERN, CRM_MESSAGES.phoneInvalid)
      .nullable(),
  );

/** A non-negative number, given as a number or as its text; '' and null mean none. */
const optionalAmount = (message: string = CRM_MESSAGES.numberInvalid) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    z
      .union(
        [
          z.number(),
          z
            .string()
            .trim()
            .regex(/^\d+(\.\d+)?$/, message)
            .transform(Number),
        ],
        { error: message },
      )
      .pipe(z.number({ error: message }).min(0, message).max(CRM_NUMBER_MAX, message))
      .nullable(),
  );

/** A price: at least 0, at most two decimals, as a number or its text. */
export const PRICE_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
const zPrice = () =>
  z
    .union([z.number(), z.string().trim()], { error: CRM_MESSAGES.priceInvalid })
    .transform((v) => (typeof v === 'number' ? v : v === '' ? Number.NaN : Number(v)))
    .refine((v) => Number.isFinite(v) && v >= 0 && v <= CRM_NUMBER_MAX && PRICE_PATTERN.test(String(v)), {
      message: CRM_MESSAGES.priceInvalid,
    });

const optionalId = (field: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), zId(field).nullable());

/** A calendar day `YYYY-MM-DD` that exists, in the product's years. */
const isRealDay = (s: string) => {
  const date = DAY.test(s) ? readUtcDateTime(`${s} 00:00:00`) : null;
  return date !== null && inDateYears(date);
};
export const zCrmDay = () =>
  z.string({ error: CRM_MESSAGES.dayInvalid }).trim().refine(isRealDay, CRM_MESSAGES.dayInvalid);

const zSearch = () =>
  z.string().trim().max(CRM_SEARCH_MAX, `search must be at most ${CRM_SEARCH_MAX} characters`).optional();

/** The query of a CRM list: a page, a search, and for a customer's records the customer. */
export const ZCrmListQuery = z.object({
  page: zPage(),
  page_size: zPageSize(CRM_PAGE_SIZE),
  search: zSearch(),
  customer_id: zId('customer_id').optional(),
});
export type TCrmListQuery = z.input<typeof ZCrmListQuery>;
export const ZCrmExportQuery = z.object({ search: zSearch(), customer_id: zId('customer_id').optional() });
export const ZCrmIdParams = z.object({ id: zId('id') });

export const ZCrmPagination = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total_items: z.number().int(),
  /** False when more than LIST_EXACT_COUNT rows match and `total_items` is an estimate. */
  total_exact: z.boolean().optional(),
  /** Orders: the cursor of the next page (null on the last). */
  next_cursor: z.string().nullable().optional(),
  /** Orders: the cursor of the previous page (null on the first). */
  prev_cursor: z.string().nullable().optional(),
});
export const ZCrmPage = <T extends z.ZodType>(row: T) =>
  z.object({ success: z.literal(true), data: z.array(row), pagination: ZCrmPagination });
export const ZCrmOne = <T extends z.ZodType>(row: T) => z.object({ success: z.literal(true), data: row });
export const ZCrmSaved = <T extends z.ZodType>(row: T) =>
  z.object({ success: z.literal(true), message: z.string(), data: row });
export const ZCrmDeleted = z.object({ success: z.literal(true), message: z.string() });

const utcDate = z.string().describe('UTC YYYY-MM-DD HH:mm:ss');
const ZCustomerRef = z.object({ id: z.number().int(), name: z.string() });
export type TCustomerRef = z.infer<typeof ZCustomerRef>;

// ---------- Customers ----------

export const CUSTOMER_KINDS = ['person', 'company'] as const;
export type TCustomerKind = (typeof CUSTOMER_KINDS)[number];
export const CUSTOMER_KIND_LABEL: Record<TCustomerKind, string> = { person: 'Person', company: 'Company' };

export const ZCustomerInput = z.object({
  kind: z.enum(CUSTOMER_KINDS, { error: 'kind must be person or company' }).default('person'),
  name: requiredText(CRM_NAME_MAX, CRM_MESSAGES.nameMax),
  phone: optionalPhone(),
  email: optionalEmail(),
  notes: optionalText(CRM_NOTES_MAX, CRM_MESSAGES.notesMax),
  tags: z
    .array(
      z
        .string({ error: CRM_MESSAGES.tagsMax })
        .trim()
        .min(1, CRM_MESSAGES.tagsMax)
        .max(CRM_TAG_MAX, CRM_MESSAGES.tagsMax),
      {
        error: CRM_MESSAGES.tagsMax,
      },
    )
    .max(CRM_TAGS_MAX, CRM_MESSAGES.tagsMax)
    .default([])
    .transform((tags) => [...new Set(tags)]),
});
export type TCustomerInput = z.input<typeof ZCustomerInput>;
export type TCustomerValues = z.output<typeof ZCustomerInput>;

export const ZCustomerRow = z.object({
  id: z.number().int(),
  kind: z.enum(CUSTOMER_KINDS),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  /** Live addresses and orders not yet delivered, failed or cancelled. */
  address_count: z.number().int(),
  open_orders: z.number().int(),
  created_date: utcDate,
});
export type TCustomerRow = z.infer<typeof ZCustomerRow>;

// ---------- Contacts ----------

export const ZContactInput = z.object({
  customer_id: zId('customer_id'),
  name: requiredText(CRM_NAME_MAX, CRM_MESSAGES.nameMax),
  role: optionalText(CRM_NAME_MAX, CRM_MESSAGES.nameMax),
  phone: optionalPhone(),
  email: optionalEmail(),
});
export type TContactInput = z.input<typeof ZContactInput>;
export type TContactValues = z.output<typeof ZContactInput>;

export const ZContactRow = z.object({
  id: z.number().int(),
  customer: ZCustomerRef,
  name: z.string(),
  role: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  created_date: utcDate,
});
export type TContactRow = z.infer<typeof ZContactRow>;

// ---------- Pets ----------

export const PET_SPECIES = ['dog', 'cat', 'bird', 'rabbit', 'reptile', 'horse', 'other'] as const;
export type TPetSpecies = (typeof PET_SPECIES)[number];
export const PET_SPECIES_LABEL: Record<TPetSpecies, string> = {
  dog: 'Dog',
  cat: 'Cat',
  bird: 'Bird',
  rabbit: 'Rabbit',
  reptile: 'Reptile',
  horse: 'Horse',
  other: 'Other',
};

export const ZPetInput = z.object({
  customer_id: zId('customer_id'),
  name: requiredText(CRM_NAME_MAX, CRM_MESSAGES.nameMax),
  species: z.enum(PET_SPECIES, { error: `species must be one of ${PET_SPECIES.join(', ')}` }),
  breed: optionalText(CRM_NAME_MAX, CRM_MESSAGES.nameMax),
  /** `YYYY-MM-DD`, not after today. */
  birth_date: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? null : v),
    zCrmDay()
      .refine((d) => d <= new Date().toISOString().slice(0, 10), CRM_MESSAGES.birthDateFuture)
      .nullable(),
  ),
  /** In the tenant's weight unit (kg, or lb where distances are miles or feet). */
  weight: optionalAmount(),
  special_needs: optionalText(CRM_NOTES_MAX, CRM_MESSAGES.notesMax),
});
export type TPetInput = z.input<typeof ZPetInput>;
export type TPetValues = z.output<typeof ZPetInput>;

export const ZPetRow = z.object({
  id: z.number().int(),
  customer: ZCustomerRef,
  name: z.string(),
  species: z.enum(PET_SPECIES),
  breed: z.string().nullable(),
  birth_date: z.string().nullable(),
  weight: z.number().nullable(),
  special_needs: z.string().nullable(),
  created_date: utcDate,
});
export type TPetRow = z.infer<typeof ZPetRow>;

// ---------- Addresses ----------

/** A coordinate that must be given: missing, '' or null is `coordinatesRequired`, then its own range. */
const zRequiredCoordinate = (coordinate: typeof ZLat) =>
  z
    .custom<unknown>((v) => v !== undefined && v !== null && v !== '', {
      message: CRM_MESSAGES.coordinatesRequired,
    })
    .pipe(coordinate);

export const ZAddressInput = z.object({
  customer_id: zId('customer_id'),
  /** What the customer calls it: Home, Office, Warehouse 2. */
  label: requiredText(CRM_NAME_MAX, CRM_MESSAGES.nameMax),
  /** The address as written (the place picker's name). */
  address: requiredText(200, 'Must be at most 200 characters'),
  /** Both required: an address is a place a driver goes to (left out, '' or null: coordinatesRequired). */
  lat: zRequiredCoordinate(ZLat),
  lon: zRequiredCoordinate(ZLon),
  delivery_notes: optionalText(CRM_NOTES_MAX, CRM_MESSAGES.notesMax),
});
export type TAddressInput = z.input<typeof ZAddressInput>;
export type TAddressValues = {
  customer_id: number;
  label: string;
  address: string;
  lat: number;
  lon: number;
  delivery_notes: string | null;
};

export const ZAddressRow = z.object({
  id: z.number().int(),
  customer: ZCustomerRef,
  label: z.string(),
  address: z.string(),
  lat: z.number(),
  lon: z.number(),
  delivery_notes: z.string().nullable(),
  /** The destination this address became when first used as a stop; null until then. */
  destination_id: z.number().int().nullable(),
  created_date: utcDate,
});
export type TAddressRow = z.infer<typeof ZAddressRow>;

// ---------- Items ----------

export const ZItemInput = z.object({
  sku: requiredText(60, 'Must be at most 60 characters'),
  name: requiredText(CRM_NAME_MAX, CRM_MESSAGES.nameMax),
  /** How it is counted: piece, box, kg, hour, visit. */
  unit: requiredText(30, 'Must be at most 30 characters'),
  /** In the tenant's currency. */
  unit_price: zPrice(),
  /** Of one unit, in the tenant's weight unit. */
  weight: optionalAmount(),
  /** Of one unit, in the tenant's volume unit. */
  volume: optionalAmount(),
});
export type TItemInput = z.input<typeof ZItemInput>;
export type TItemValues = z.output<typeof ZItemInput>;

export const ZItemRow = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  unit: z.string(),
  unit_price: z.number(),
  weight: z.number().nullable(),
  volume: z.number().nullable(),
  created_date: utcDate,
});
export type TItemRow = z.infer<typeof ZItemRow>;

// ---------- Orders ----------

/**
 * An order's life: draft → confirmed → planned (on a trip) → in progress (the trip has started) →
 * delivered or failed (its task completed, or missed when the trip ended); cancelled from draft,
 * confirmed or failed. A failed order can be confirmed again and re-planned.
 */
export const CRM_ORDER_STATUSES = [
  'draft',
  'confirmed',
  'planned',
  'in_progress',
  'delivered',
  'failed',
  'cancelled',
] as const;
export type TCrmOrderStatus = (typeof CRM_ORDER_STATUSES)[number];
export const CRM_ORDER_STATUS_LABEL: Record<TCrmOrderStatus, string> = {
  draft: 'Draft',
  confirmed: 'Confirmed',
  planned: 'Planned',
  in_progress: 'In progress',
  delivered: 'Delivered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
/** The statuses an admin sets by hand; the others follow the order's task on its trip. */
export const CRM_ORDER_MANUAL_TRANSITIONS: Record<TCrmOrderStatus, readonly TCrmOrderStatus[]> = {
  draft: ['confirmed', 'cancelled'],
  confirmed: ['draft', 'cancelled'],
  planned: [],
  in_progress: [],
  delivered: [],
  failed: ['confirmed', 'cancelled'],
  cancelled: ['draft'],
};
/** Statuses whose order can still be edited. */
export const CRM_ORDER_EDITABLE: readonly TCrmOrderStatus[] = ['draft', 'confirmed', 'failed'];
/** Statuses that can be planned into a trip. */
export const CRM_ORDER_PLANNABLE: readonly TCrmOrderStatus[] = ['confirmed', 'failed'];
/** Statuses of an order on its way: its customer and address cannot be deleted meanwhile. */
export const CRM_ORDER_OPEN: readonly TCrmOrderStatus[] = ['confirmed', 'planned', 'in_progress'];

/** The reference an order carries on its task (`order_id`) and wherever it is shown: SO-000017. */
export const orderReference = (id: number) => `SO-${String(id).padStart(6, '0')}`;
/** The order id in a reference, or null when the text is not one. */
export function orderIdOfReference(reference: string | null | undefined): number | null {
  const m = /^SO-(\d{6,10})$/.exec(reference ?? '');
  return m ? Number(m[1]) : null;
}

const ZOrderLineInput = z.object({
  item_id: zId('item_id'),
  quantity: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d+(\.\d+)?$/, CRM_MESSAGES.quantityInvalid)
          .transform(Number),
      ],
      {
        error: CRM_MESSAGES.quantityInvalid,
      },
    )
    .pipe(z.number().gt(0, CRM_MESSAGES.quantityInvalid).max(CRM_NUMBER_MAX, CRM_MESSAGES.quantityInvalid)),
  /** The line's unit price; left out, the item's price. */
  unit_price: z.preprocess((v) => (v === '' || v === null ? undefined : v), zPrice().optional()),
});

const optionalTime = () =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? null : v),
    z.string({ error: CRM_MESSAGES.timeInvalid }).regex(TIME_OF_DAY, CRM_MESSAGES.timeInvalid).nullable(),
  );

export const ZCrmOrderInput = z
  .object({
    customer_id: zId('customer_id'),
    address_id: zId('address_id'),
    /** The day the customer asks for, in the tenant's time zone. */
    requested_date: zCrmDay(),
    /** The window on that day (`HH:mm`, tenant's time zone); both or neither. */
    window_start: optionalTime(),
    window_end: optionalTime(),
    lines: z
      .array(ZOrderLineInput, { error: CRM_MESSAGES.linesRequired })
      .min(1, CRM_MESSAGES.linesRequired)
      .max(ORDER_LINES_MAX, CRM_MESSAGES.linesMax),
    /** Pet services: the customer's pets the order is for. */
    pet_ids: z.array(zId('pet_ids')).max(ORDER_PETS_MAX, CRM_MESSAGES.petsMax).default([]),
    notes: optionalText(CRM_NOTES_MAX, CRM_MESSAGES.notesMax),
    /** A new order starts as a draft unless it is confirmed at once. */
    status: z.enum(['draft', 'confirmed']).optional(),
  })
  .refine((o) => (o.window_start === null) === (o.window_end === null), {
    message: CRM_MESSAGES.windowIncomplete,
    path: ['window_end'],
  })
  .refine((o) => o.window_start === null || o.window_end === null || o.window_end > o.window_start, {
    message: CRM_MESSAGES.windowInvalid,
    path: ['window_end'],
  });
export type TCrmOrderInput = z.input<typeof ZCrmOrderInput>;
export type TCrmOrderValues = z.output<typeof ZCrmOrderInput>;

export const ZCrmOrderLine = z.object({
  id: z.number().int(),
  item_id: z.number().int().nullable(),
  sku: z.string(),
  name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  /** quantity × unit price, rounded to cents. */
  amount: z.number(),
});
export type TCrmOrderLine = z.infer<typeof ZCrmOrderLine>;

export const ZCrmOrderHistoryEntry = z.object({
  status: z.enum(CRM_ORDER_STATUSES),
  at: utcDate,
  /** Who moved it: an admin's name, a driver's, or "System" when its trip's progress did. */
  by: z.string(),
});
export type TCrmOrderHistoryEntry = z.infer<typeof ZCrmOrderHistoryEntry>;

/** An order as the list shows it. */
export const ZCrmOrderRow = z.object({
  id: z.number().int(),
  reference: z.string(),
  customer: ZCustomerRef,
  address: z.object({
    id: z.number().int(),
    label: z.string(),
    address: z.string(),
    lat: z.number(),
    lon: z.number(),
  }),
  requested_date: z.string(),
  window_start: z.string().nullable(),
  window_end: z.string().nullable(),
  status: z.enum(CRM_ORDER_STATUSES),
  /** When the status last changed (UTC). */
  status_date: utcDate,
  total: z.number(),
  line_count: z.number().int(),
  /** The trip it is planned on (kept after delivery or failure); null before planning. */
  trip_id: z.number().int().nullable(),
  created_date: utcDate,
});
export type TCrmOrderRow = z.infer<typeof ZCrmOrderRow>;

/** An order whole: its lines, pets, notes and history, and its tracking link when it has one. */
export const ZCrmOrderDetails = ZCrmOrderRow.extend({
  lines: z.array(ZCrmOrderLine),
  pets: z.array(z.object({ id: z.number().int(), name: z.string(), species: z.enum(PET_SPECIES) })),
  notes: z.string().nullable(),
  history: z.array(ZCrmOrderHistoryEntry),
  /** The task on the trip that carries the order; null before planning. */
  task_id: z.number().int().nullable(),
  /** The driver's proof photos once delivered (signed-in addresses). */
  proof_images: z.array(z.string()),
  tracking: z
    .object({
      url: z.string(),
      /** When the link stops working (UTC); null until the order is delivered or failed. */
      expires_date: utcDate.nullable(),
    })
    .nullable(),
});
export type TCrmOrderDetails = z.infer<typeof ZCrmOrderDetails>;

/** `GET v1/crm/orders`: the search (reference, customer, address), a status, a customer, requested days. */
export const ZCrmOrderListQuery = z.object({
  page: zPage(),
  page_size: zPageSize(CRM_PAGE_SIZE),
  search: zSearch(),
  customer_id: zId('customer_id').optional(),
  status: z
    .enum(CRM_ORDER_STATUSES, { error: `status must be one of ${CRM_ORDER_STATUSES.join(', ')}` })
    .optional(),
  /** Requested from this day, to that day (both included). */
  fdate: zCrmDay().optional(),
  tdate: zCrmDay().optional(),
  cursor: z.string().trim().min(1).max(LIST_CURSOR_MAX_LENGTH).optional(),
});
export type TCrmOrderListQuery = z.input<typeof ZCrmOrderListQuery>;
export const ZCrmOrderExportQuery = ZCrmOrderListQuery.omit({ page: true, page_size: true, cursor: true });

/** `POST v1/crm/orders/{id}/status`: what the admin sets. */
export const ZCrmOrderStatusInput = z.object({
  status: z.enum(CRM_ORDER_STATUSES, { error: `status must be one of ${CRM_ORDER_STATUSES.join(', ')}` }),
});

/**
 * `POST v1/crm/orders/plan`: confirmed (or failed) orders of one requested day become a trip, one
 * stop per address and one task per order, their windows the stops' planned arrival ranges. With
 * `trip_id` they are added to that trip (one not started yet) instead of a new one.
 */
export const ZCrmOrderPlanInput = z
  .object({
    order_ids: z
      .array(zId('order_ids'), { error: CRM_MESSAGES.required })
      .min(1, CRM_MESSAGES.required)
      .max(ORDER_PLAN_MAX, CRM_MESSAGES.planTooMany),
    trip_id: optionalId('trip_id').optional(),
    driver_id: optionalId('driver_id').optional(),
    warehouse_id: optionalId('warehouse_id').optional(),
    type_id: optionalId('type_id').optional(),
    /** `HH:mm` on the orders' day, tenant's time zone: when the new trip leaves its origin. */
    start_time: optionalTime().optional(),
  })
  .refine(
    (p) =>
      p.trip_id != null ||
      (p.driver_id != null && p.warehouse_id != null && p.type_id != null && p.start_time != null),
    {
      message: 'Choose a trip to add to, or a driver, origin, type and start time for a new one',
      path: ['trip_id'],
    },
  );
export type TCrmOrderPlanInput = z.input<typeof ZCrmOrderPlanInput>;
export const ZCrmOrderPlanned = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ trip_id: z.number().int(), order_ids: z.array(z.number().int()) }),
});

/** `POST v1/crm/orders/{id}/tracking/send`: e-mails the link (to the customer's e-mail unless given). */
export const ZTrackingSendInput = z.object({ email: optionalEmail().optional() });

/** How long a tracking link keeps working after its order is delivered or failed. */
export const TRACKING_LINK_TTL_HOURS = 24;

/** The public tracking page's data (`GET /api/v1/track/{token}`): this order only, nothing else. */
export const ZTrackingView = z.object({
  reference: z.string(),
  status: z.enum(CRM_ORDER_STATUSES),
  status_label: z.string(),
  tenant_name: z.string(),
  requested_date: z.string(),
  window_start: z.string().nullable(),
  window_end: z.string().nullable(),
  /** The driver's first name, once the order is on a trip with a driver. */
  driver_first_name: z.string().nullable(),
  /** The vehicle's position, only while it is heading to this order's stop. */
  vehicle: z.object({ lat: z.number(), lon: z.number(), at: utcDate }).nullable(),
  /** The stop's place: the customer's own address. */
  destination: z.object({ lat: z.number(), lon: z.number() }),
  /** Expected arrival (UTC) while heading here; null otherwise. */
  eta: utcDate.nullable(),
  delivered_date: utcDate.nullable(),
  /** The proof photo's address on this page's own route, after delivery. */
  proof_image: z.string().nullable(),
});
export type TTrackingView = z.infer<typeof ZTrackingView>;

// ---------- Spreadsheet import ----------

/** The columns of a customers import (`v1/crm/customers/import`); tags are separated by commas. */
export const CUSTOMER_IMPORT_COLUMNS = ['Kind', 'Name', 'Phone', 'E-mail', 'Notes', 'Tags'] as const;
/** The columns of an items import (`v1/crm/items/import`); weight and volume in the tenant's units. */
export const ITEM_IMPORT_COLUMNS = ['SKU', 'Name', 'Unit', 'Unit price', 'Weight', 'Volume'] as const;
