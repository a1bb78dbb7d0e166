import type { TLandingSections, TSiteFetchJson } from '@fleet/contract/site';

/** The landing sections that arrived intact; a section missing or malformed is left out. */
export type LandingContent = Partial<TLandingSections>;

type Shape = 'string' | 'strings' | { [field: string]: Shape } | [{ [field: string]: Shape }];

const SHAPES: { [K in keyof TLandingSections]: Record<string, Shape> } = {
  hero_section: {
    eyebrow: 'string',
    title: 'string',
    subtitle: 'string',
    primary_label: 'string',
    secondary_label: 'string',
  },
  detail_section: { title: 'string', intro: 'string', steps: [{ title: 'string', text: 'string' }] },
  about_section: { title: 'string', text: 'string', points: 'strings' },
  feature_section: {
    title: 'string',
    intro: 'string',
    items: [{ title: 'string', text: 'string', icon: 'string' }],
  },
  software_section: { title: 'string', intro: 'string', options: [{ title: 'string', text: 'string' }] },
  demo_section: { title: 'string', text: 'string', button_label: 'string', request: 'string' },
  contact_section: { title: 'string', text: 'string' },
};

function fits(value: unknown, shape: Shape): boolean {
  if (shape === 'string') return typeof value === 'string';
  if (shape === 'strings') return Array.isArray(value) && value.every((v) => typeof v === 'string');
  if (Array.isArray(shape)) return Array.isArray(value) && value.every((v) => fits(v, shape[0]));
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(shape).every(([field, inner]) =>
    fits((value as Record<string, unknown>)[field], inner),
  );
}

/** Reads `GET content/landing-page` (`{data: {hero_section: …}}`), keeping the sections whose shape is right. */
export function readLanding(body: unknown): LandingContent {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  const content: Record<string, unknown> = {};
  if (typeof data !== 'object' || data === null) return content;
  for (const [key, shape] of Object.entries(SHAPES)) {
    const section = (data as Record<string, unknown>)[key];
    if (fits(section, shape)) content[key] = section;
  }
  return content as LandingContent;
}

/** The landing content, or null when the call failed (the page then raises its error flag, spec 002 §8). */
export async function loadLanding(fetchJson: TSiteFetchJson): Promise<LandingContent | null> {
  try {
    const { status, body } = await fetchJson('/api/content/landing-page?populate=deep');
    return status === 200 ? readLanding(body) : null;
  } catch {
    return null;
  }
}
