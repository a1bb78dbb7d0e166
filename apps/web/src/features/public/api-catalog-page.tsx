import { useId, useState } from 'react';
import { PageHeader } from '../../components/site/page-blocks';
import { SiteIcon, type SiteIconName } from '../../components/site/site-icon';

export interface ApiCatalogPageProps {
  /** Tags of the live OpenAPI document; null when it could not be read. */
  tags: string[] | null;
}

/** Interactive documentation; `#/Tag` opens that tag's section (Swagger UI deep links). */
export const API_DOCS_HREF = '/api/docs';
export const docsHref = (tag?: string) =>
  tag ? `${API_DOCS_HREF}#/${encodeURIComponent(tag.trim())}` : API_DOCS_HREF;

interface ApiArea {
  /** The area's path in the spec's catalogue (spec 002 §2). */
  path: string;
  title: string;
  icon: SiteIconName;
  text: string;
  /** The OpenAPI tags that document the area, in the order they are linked. */
  tags: string[];
}

const AREAS: ApiArea[] = [
  {
    path: '/journey',
    title: 'Journeys',
    icon: 'route',
    text: 'Create trips with an origin, ordered destinations and tasks; schedule repeating trips; read trip types.',
    tags: ['Trips', 'Scheduled trips', 'Trip types'],
  },
  {
    path: '/driver',
    title: 'Drivers',
    icon: 'people',
    text: 'Add, update, archive, import and export drivers, and read everything recorded about each one.',
    tags: ['Drivers', 'Driver details', 'Driver files'],
  },
  {
    path: '/vehicle',
    title: 'Vehicles',
    icon: 'truck',
    text: 'Add, update, archive, import and export vehicles, with their maintenance where it is documented.',
    tags: ['Vehicles', 'Maintenance', 'Vehicle change requests'],
  },
  {
    path: '/location',
    title: 'Locations',
    icon: 'map',
    text: 'Send positions from the driver app or a tracker; read each driver’s latest position and the path of a day.',
    tags: ['Tracking', 'Locations', 'Driver locations', 'Positions'],
  },
  {
    path: '/destination',
    title: 'Destinations',
    icon: 'route',
    text: 'Keep the places trips start from and go to, with coordinates and the time allowed at each.',
    tags: ['Destinations', 'Origins'],
  },
  {
    path: '/exception',
    title: 'Exceptions',
    icon: 'alert',
    text: 'List exceptions such as late starts and missed destinations, filter them, and mark them seen.',
    tags: ['Exceptions'],
  },
  {
    path: '/process-approval',
    title: 'Approvals',
    icon: 'approval',
    text: 'Read manager and client approval requests with their photos, and accept or reject pending ones.',
    tags: ['Approvals'],
  },
  {
    path: '/analytics',
    title: 'Analytics',
    icon: 'report',
    text: 'Working hours, finance summaries and driver rankings by trips, hours, incidents and exceptions.',
    tags: ['Analytics', 'Reports', 'Driver summary', 'Finance'],
  },
  {
    path: '/refuel',
    title: 'Refuels',
    icon: 'fuel',
    text: 'Record refuels with volume and cost against a driver, a vehicle and a trip.',
    tags: ['Refuels', 'Refuel', 'Diesel refuels'],
  },
  {
    path: '/accident',
    title: 'Accidents',
    icon: 'shield',
    text: 'Record accidents with their location, description and pictures, and read them per driver.',
    tags: ['Accidents'],
  },
  {
    path: '/communication',
    title: 'Communication',
    icon: 'message',
    text: 'Send text and voice notifications to drivers in their language and read the history with seen times.',
    tags: ['Notifications', 'Push notifications', 'Communication'],
  },
];

/** The two connector cards of spec 002 §2; both lead to the communication area. */
const CONNECTORS: ApiArea[] = [
  {
    path: '/communication',
    title: 'CRM connector',
    icon: 'tenants',
    text: 'Let your CRM tell drivers when a customer’s order changes, by calling the communication endpoints from its workflows.',
    tags: ['Notifications', 'Push notifications', 'Communication'],
  },
  {
    path: '/communication',
    title: 'Marketing automation connector',
    icon: 'mail',
    text: 'Trigger driver notifications from your marketing-automation flows, such as a delivery window confirmed with the customer.',
    tags: ['Notifications', 'Push notifications', 'Communication'],
  },
];

/** The documented tags of an area, as the live document spells them. */
function liveTags(area: ApiArea, tags: string[]): string[] {
  const byLowerCase = new Map(tags.map((tag) => [tag.toLowerCase(), tag]));
  return area.tags.flatMap((tag) => byLowerCase.get(tag.toLowerCase()) ?? []);
}

function AreaCard({ area, tags }: { area: ApiArea; tags: string[] }) {
  const [main, ...more] = tags;
  return (
    <li className="card api-card">
      <span className="card__icon">
        <SiteIcon name={area.icon} />
      </span>
      <h3>{area.title}</h3>
      <code className="api-card__path">{area.path}</code>
      <p className="card__text">{area.text}</p>
      {more.length > 0 && (
        <ul className="tag-list" aria-label={`More on ${area.title}`}>
          {more.map((tag) => (
            <li key={tag}>
              <a href={docsHref(tag)}>{tag}</a>
            </li>
          ))}
        </ul>
      )}
      <a className="card__link" href={docsHref(main)}>
        Explore {area.title} <SiteIcon name="arrowRight" size={18} />
      </a>
    </li>
  );
}

const matches = (area: ApiArea, needle: string) =>
  `${area.title} ${area.path} ${area.text}`.toLowerCase().includes(needle);

/**
 * /api-catalog (no sign-in, spec 002 §2): searchable cards for the API's areas, each opening its
 * section of the live interactive documentation. Only areas the running API documents are shown.
 */
export function ApiCatalogPage({ tags }: ApiCatalogPageProps) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const needle = search.trim().toLowerCase();
  const live = (areas: ApiArea[]) =>
    areas
      .map((area) => ({ area, tags: tags ? liveTags(area, tags) : [] }))
      .filter((entry) => entry.tags.length > 0 && matches(entry.area, needle));
  const areas = live(AREAS);
  const connectors = live(CONNECTORS);

  return (
    <>
      <PageHeader
        eyebrow="API"
        title="API catalogue"
        lead="Everything the console does goes through the same API. Pick an area to open its part of the interactive documentation, where each call can be tried."
      >
        <div className="search" role="search">
          <label className="visually-hidden" htmlFor={searchId}>
            Search the API
          </label>
          <SiteIcon name="search" size={20} />
          <input
            id={searchId}
            className="input"
            type="search"
            placeholder="Search the API, e.g. drivers"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </PageHeader>
      <section className="section">
        <div className="container">
          {tags === null ? (
            <div className="state state--error" role="alert">
              <span className="state__icon">
                <SiteIcon name="alert" />
              </span>
              <h2>The API documentation could not be read</h2>
              <p>
                Please try again in a moment, or open the{' '}
                <a href={API_DOCS_HREF}>interactive documentation</a> directly.
              </p>
            </div>
          ) : (
            <>
              <h2 className="visually-hidden">Areas</h2>
              {areas.length + connectors.length === 0 && (
                <p className="state" role="status">
                  No area matches “{search.trim()}”.
                </p>
              )}
              <ul className="grid card-list">
                {areas.map(({ area, tags: areaTags }) => (
                  <AreaCard key={area.title} area={area} tags={areaTags} />
                ))}
              </ul>
              {connectors.length > 0 && (
                <>
                  <h2 className="section__more">Connectors</h2>
                  <ul className="grid card-list">
                    {connectors.map(({ area, tags: areaTags }) => (
                      <AreaCard key={area.title} area={area} tags={areaTags} />
                    ))}
                  </ul>
                </>
              )}
              <p className="section__more">
                The whole API, including sign-in, settings and the public content calls, is in the{' '}
                <a href={API_DOCS_HREF}>interactive documentation</a> and as an{' '}
                <a href="/api/openapi.json">OpenAPI 3 document</a>.
              </p>
            </>
          )}
        </div>
      </section>
    </>
  );
}
