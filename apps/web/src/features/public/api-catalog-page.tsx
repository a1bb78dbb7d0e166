import { useId, useState } from 'react';
import { paths } from '../../lib/paths';
import { PageHeader } from '../../components/site/page-blocks';
import { SiteIcon, type SiteIconName } from '../../components/site/site-icon';
import { API_AREAS, API_DOCS_HREF, OPENAPI_HREF, findApiArea, type ApiArea } from './api-areas';

export interface ApiCatalogPageProps {
  /** How many calls the live OpenAPI document has in each area, by slug; null when it could not be read. */
  counts: Record<string, number> | null;
}

interface CatalogCard {
  title: string;
  icon: SiteIconName;
  text: string;
  /** The area the card opens. */
  area: ApiArea;
}

const AREA_CARDS: CatalogCard[] = API_AREAS.map((area) => ({
  title: area.title,
  icon: area.icon,
  text: area.text,
  area,
}));

const communication = findApiArea('communication')!;

/** The two connector cards of spec 002 §2; both lead to the communication area. */
const CONNECTORS: CatalogCard[] = [
  {
    title: 'CRM connector',
    icon: 'tenants',
    text: 'Let your CRM tell drivers when a customer’s order changes, by calling the communication endpoints from its workflows.',
    area: communication,
  },
  {
    title: 'Marketing automation connector',
    icon: 'mail',
    text: 'Trigger driver notifications from your marketing-automation flows, such as a delivery window confirmed with the customer.',
    area: communication,
  },
];

const callsLabel = (count: number) => (count === 1 ? '1 call' : `${count} calls`);

function AreaCard({ card, count }: { card: CatalogCard; count: number }) {
  return (
    <li className="card api-card">
      <span className="card__icon">
        <SiteIcon name={card.icon} />
      </span>
      <h3>{card.title}</h3>
      <span className="api-card__path">{callsLabel(count)}</span>
      <p className="card__text">{card.text}</p>
      <a className="card__link" href={paths.apiArea.getHref({ area: card.area.slug })}>
        Explore {card.title} <SiteIcon name="arrowRight" size={18} />
      </a>
    </li>
  );
}

const matches = (card: CatalogCard, needle: string) =>
  `${card.title} ${card.area.slug} ${card.text}`.toLowerCase().includes(needle);

/**
 * /api-catalog (no sign-in, spec 002 §2): searchable cards for the API's areas, each opening the
 * area's page of calls. Only areas the running API documents calls for are shown.
 */
export function ApiCatalogPage({ counts }: ApiCatalogPageProps) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const needle = search.trim().toLowerCase();
  const live = (cards: CatalogCard[]) =>
    cards
      .map((card) => ({ card, count: counts?.[card.area.slug] ?? 0 }))
      .filter((entry) => entry.count > 0 && matches(entry.card, needle));
  const areas = live(AREA_CARDS);
  const connectors = live(CONNECTORS);

  return (
    <>
      <PageHeader
        eyebrow="API"
        title="API catalogue"
        lead="Everything the console does goes through the same API. Pick an area to see its calls, then open any of them in the interactive documentation, where it can be tried."
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
          {counts === null ? (
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
                {areas.map(({ card, count }) => (
                  <AreaCard key={card.title} card={card} count={count} />
                ))}
              </ul>
              {connectors.length > 0 && (
                <>
                  <h2 className="section__more">Connectors</h2>
                  <ul className="grid card-list">
                    {connectors.map(({ card, count }) => (
                      <AreaCard key={card.title} card={card} count={count} />
                    ))}
                  </ul>
                </>
              )}
              <p className="section__more">
                The whole API, including sign-in, settings and the public content calls, is in the{' '}
                <a href={API_DOCS_HREF}>interactive documentation</a> and as an{' '}
                <a href={OPENAPI_HREF}>OpenAPI 3 document</a>.
              </p>
            </>
          )}
        </div>
      </section>
    </>
  );
}
