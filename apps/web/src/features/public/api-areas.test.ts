import { describe, expect, it } from 'vitest';
import {
  API_AREAS,
  callCounts,
  docsOperationId,
  findApiArea,
  loadApiOperations,
  operationsOf,
} from './api-areas';

/** A document shaped like the server's: paths, methods, tags and summaries. */
const DOCUMENT = {
  openapi: '3.0.3',
  paths: {
    '/api/trip/get-all-trips': { post: { tags: ['Trips'], summary: 'A page of trips' } },
    '/api/trip/report': { post: { tags: ['Trips'], summary: "A trip's report" } },
    '/api/type/get-types': { get: { tags: ['Trip types'], summary: 'Trip types' } },
    '/api/v1/exceptions/{id}': { get: { tags: ['Exceptions'], summary: 'One exception' } },
    '/api/v1/driver/positions': { post: { tags: ['Driver app'], summary: 'Positions from the app' } },
    '/api/osmand': {
      get: { tags: ['Trackers'], summary: 'OsmAnd fix' },
      post: { tags: ['Trackers'], summary: 'OsmAnd fix' },
    },
    '/api/log/report': { post: { tags: ['Logs'], summary: 'Report an error' } },
    '/api/v1/trips/destinations/approvals/manager/summary': {
      get: { tags: ['Approvals'], summary: 'Counts by status', operationId: 'approval summary' },
    },
    '/api/v1/drivers/export': { get: { tags: ['Drivers'], summary: 'Drivers as .xlsx' } },
  },
};

const fetchDocument =
  (status = 200, body: unknown = DOCUMENT) =>
  () =>
    Promise.resolve({ status, body });

describe('the API areas, from the OpenAPI document', () => {
  it('reads every call with the deep link the interactive documentation gives it', async () => {
    const operations = (await loadApiOperations(fetchDocument()))!;
    expect(operations).toHaveLength(10);
    expect(operations[0]).toEqual({
      method: 'POST',
      path: '/api/trip/get-all-trips',
      summary: 'A page of trips',
      tag: 'Trips',
      href: '/api/docs#/Trips/post_api_trip_get_all_trips',
    });
    const exception = operations.find((op) => op.path === '/api/v1/exceptions/{id}')!;
    expect(exception.href).toBe('/api/docs#/Exceptions/get_api_v1_exceptions__id_');
    const summary = operations.find((op) => op.path.endsWith('/summary'))!;
    expect(summary.href).toBe('/api/docs#/Approvals/approval_summary');
  });

  it('answers null when the document cannot be read', async () => {
    expect(await loadApiOperations(fetchDocument(500, { error: 'x' }))).toBeNull();
    expect(await loadApiOperations(fetchDocument(200, 'not json'))).toBeNull();
    expect(await loadApiOperations(() => Promise.reject(new Error('down')))).toBeNull();
  });

  it("gives each area its tags' calls, then the calls its path words name", async () => {
    const operations = (await loadApiOperations(fetchDocument()))!;
    const paths = (slug: string) =>
      operationsOf(findApiArea(slug)!, operations).map((op) => `${op.method} ${op.path}`);
    expect(paths('journey')).toEqual([
      'POST /api/trip/get-all-trips',
      'POST /api/trip/report',
      'GET /api/type/get-types',
    ]);
    expect(paths('location')).toEqual([
      'GET /api/osmand',
      'POST /api/osmand',
      'POST /api/v1/driver/positions',
    ]);
    // Summaries, trip reports and exports are analytics; the error log's report is not.
    expect(paths('analytics')).toEqual([
      'POST /api/trip/report',
      'GET /api/v1/trips/destinations/approvals/manager/summary',
      'GET /api/v1/drivers/export',
    ]);
    expect(callCounts(operations)).toMatchObject({ journey: 3, location: 3, analytics: 3, refuel: 0 });
  });

  it('names every area of the spec’s catalogue', () => {
    expect(API_AREAS.map((area) => area.slug)).toEqual([
      'journey',
      'driver',
      'vehicle',
      'location',
      'destination',
      'exception',
      'process-approval',
      'analytics',
      'refuel',
      'accident',
      'communication',
    ]);
    expect(docsOperationId('get', '/api/a-b/{id}')).toBe('get_api_a_b__id_');
  });
});
