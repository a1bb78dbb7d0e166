import type { TSiteFetchJson } from '@fleet/contract/site';
import type { SiteIconName } from '../../components/site/site-icon';

/*
 * The API catalogue's areas (spec 002 §2) and the calls of each, read from the server's own OpenAPI
 * document (`/api/openapi.json`, generated from the routes as registered). Nothing here lists a call
 * by hand: an area names the document's tags it covers, and for a few areas the words its paths use.
 */

/** Interactive documentation; `#/Tag` opens that tag's section, `#/Tag/operation` one call. */
export const API_DOCS_HREF = '/api/docs';
export const OPENAPI_HREF = '/api/openapi.json';

export const docsHref = (tag?: string) =>
  tag ? `${API_DOCS_HREF}#/${encodeURIComponent(tag.trim())}` : API_DOCS_HREF;

export interface ApiArea {
  /** The area's name in the spec's catalogue links (`/journey`, `/driver`, …), the last part of its page's path. */
  slug: string;
  title: string;
  icon: SiteIconName;
  text: string;
  /** The document's tags whose calls belong to the area, in the order they are shown. */
  tags: string[];
  /** Calls of other tags whose path names the area (`location`, `summary`, …) belong to it too. */
  pathWords?: RegExp;
}

export const API_AREAS: readonly ApiArea[] = [
  {
    slug: 'journey',
    title: 'Journeys',
    icon: 'route',
    text: 'Create trips with an origin, ordered destinations and tasks; schedule repeating trips; read trip types.',
    tags: ['Trips', 'Scheduled trips', 'Trip types'],
  },
  {
    slug: 'driver',
    title: 'Drivers',
    icon: 'people',
    text: 'Add, update, archive, import and export drivers, and read everything recorded about each one.',
    tags: ['Drivers', 'Driver details', 'Driver files'],
  },
  {
    slug: 'vehicle',
    title: 'Vehicles',
    icon: 'truck',
    text: 'Add, update, archive, import and export vehicles, and handle drivers’ requests to change vehicle.',
    tags: ['Vehicles', 'Maintenance', 'Vehicle requests'],
  },
  {
    slug: 'location',
    title: 'Locations',
    icon: 'map',
    text: 'Send positions from the driver app or a tracker; read each driver’s latest position, the path of a day and the live stream.',
    tags: ['Trackers', 'Live'],
    pathWords: /location|position/i,
  },
  {
    slug: 'destination',
    title: 'Destinations',
    icon: 'route',
    text: 'Keep the places trips start from and go to, with coordinates and the time allowed at each.',
    tags: ['Destinations', 'Origins'],
  },
  {
    slug: 'exception',
    title: 'Exceptions',
    icon: 'alert',
    text: 'List exceptions such as late starts and missed destinations, filter them, and mark them seen.',
    tags: ['Exceptions'],
  },
  {
    slug: 'process-approval',
    title: 'Approvals',
    icon: 'approval',
    text: 'Read manager and client approval requests with their photos, and accept or reject pending ones.',
    tags: ['Approvals'],
  },
  {
    slug: 'analytics',
    title: 'Analytics',
    icon: 'report',
    text: 'Summaries and reports drawn from the records: approval counts by status, trip reports as PDF, and every list as a spreadsheet, made at once or in the background.',
    tags: ['Analytics', 'Reports', 'Driver summary', 'Finance', 'Exports'],
    // A trip's report and its PDF, but not the error log's `log/report`.
    pathWords: /summary|analytics|export|trips?\/.*report/i,
  },
  {
    slug: 'refuel',
    title: 'Refuels',
    icon: 'fuel',
    text: 'Record refuels with volume and cost against a driver, a vehicle and a trip.',
    tags: ['Diesel refuels', 'Refuels'],
    // The driver app's refuel report and a driver's refuels are filed under those areas' tags.
    pathWords: /refuel|diesel/i,
  },
  {
    slug: 'accident',
    title: 'Accidents',
    icon: 'shield',
    text: 'Record accidents with their location, description and pictures, and read them per driver.',
    tags: ['Accidents'],
    pathWords: /accident/i,
  },
  {
    slug: 'communication',
    title: 'Communication',
    icon: 'message',
    text: 'Send text and voice notifications to drivers in their language and read the history with seen times.',
    tags: ['Notifications', 'Communication'],
    // The driver app's side: its messages, their seen and feedback, and Web Push.
    pathWords: /notification|\/push\//i,
  },
];

export const findApiArea = (slug: string): ApiArea | undefined =>
  API_AREAS.find((area) => area.slug === slug);

/** One call of the document: what the area pages list. */
export interface ApiOperation {
  method: string;
  /** The path as documented (`/api/v1/exceptions/{id}`). */
  path: string;
  summary: string;
  /** The tag it is filed under in the interactive documentation (its first). */
  tag: string;
  /** Opens this call in the interactive documentation. */
  href: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * The id the interactive documentation (Swagger UI) gives a call in its deep links: its operationId,
 * or else the method and path with every non-word character made `_`.
 */
export function docsOperationId(method: string, path: string, operationId?: string): string {
  return operationId?.replace(/\s/g, '')
    ? operationId.replace(/\W/g, '_')
    : `${method.toLowerCase()}${path.replace(/\W/g, '_')}`;
}

export const docsOperationHref = (tag: string, operationId: string) =>
  `${docsHref(tag)}/${encodeURIComponent(operationId)}`;

interface DocumentOperation {
  tags?: unknown;
  summary?: unknown;
  operationId?: unknown;
}

/** Every documented call of the live OpenAPI document, in its order; null when it could not be read. */
export async function loadApiOperations(fetchJson: TSiteFetchJson): Promise<ApiOperation[] | null> {
  try {
    const { status, body } = await fetchJson(OPENAPI_HREF);
    if (status !== 200 || typeof body !== 'object' || body === null) return null;
    const documentPaths = (body as { paths?: unknown }).paths;
    if (typeof documentPaths !== 'object' || documentPaths === null) return null;
    const operations: ApiOperation[] = [];
    for (const [path, item] of Object.entries(documentPaths as Record<string, unknown>)) {
      if (typeof item !== 'object' || item === null) continue;
      for (const method of METHODS) {
        const operation = (item as Record<string, DocumentOperation | undefined>)[method];
        if (typeof operation !== 'object' || operation === null) continue;
        const tags = Array.isArray(operation.tags)
          ? operation.tags.filter((tag): tag is string => typeof tag === 'string')
          : [];
        const tag = tags[0] ?? 'default';
        const id = docsOperationId(
          method,
          path,
          typeof operation.operationId === 'string' ? operation.operationId : undefined,
        );
        operations.push({
          method: method.toUpperCase(),
          path,
          summary: typeof operation.summary === 'string' ? operation.summary : '',
          tag,
          href: docsOperationHref(tag, id),
        });
      }
    }
    return operations;
  } catch {
    return null;
  }
}

/** The calls of an area: those filed under its tags (in the area's order), then those its path words name. */
export function operationsOf(area: ApiArea, operations: readonly ApiOperation[]): ApiOperation[] {
  const tagOrder = new Map(area.tags.map((tag, i) => [tag.toLowerCase(), i]));
  const byTag = operations
    .filter((op) => tagOrder.has(op.tag.toLowerCase()))
    .sort((a, b) => tagOrder.get(a.tag.toLowerCase())! - tagOrder.get(b.tag.toLowerCase())!);
  const byPath = area.pathWords
    ? operations.filter((op) => !tagOrder.has(op.tag.toLowerCase()) && area.pathWords!.test(op.path))
    : [];
  return [...byTag, ...byPath];
}

/** How many calls each area has, by slug. */
export function callCounts(operations: readonly ApiOperation[]): Record<string, number> {
  return Object.fromEntries(API_AREAS.map((area) => [area.slug, operationsOf(area, operations).length]));
}
