import type { TSiteFetchJson } from '@fleet/contract/site';

/** Every tag the live OpenAPI document uses, or null when it could not be read. */
export async function loadApiTags(fetchJson: TSiteFetchJson): Promise<string[] | null> {
  try {
    const { status, body } = await fetchJson('/api/openapi.json');
    if (status !== 200 || typeof body !== 'object' || body === null) return null;
    const tags = new Set<string>();
    const paths = (body as { paths?: Record<string, Record<string, { tags?: unknown }>> }).paths ?? {};
    for (const operations of Object.values(paths)) {
      for (const operation of Object.values(operations ?? {})) {
        if (Array.isArray(operation?.tags))
          for (const tag of operation.tags) if (typeof tag === 'string') tags.add(tag);
      }
    }
    return [...tags].sort();
  } catch {
    return null;
  }
}
