import type { ReactNode } from 'react';
import { paths } from '../../lib/paths';
import { PageHeader } from '../../components/site/page-blocks';
import { SiteIcon } from '../../components/site/site-icon';
import { API_DOCS_HREF, docsHref, findApiArea, type ApiOperation } from './api-areas';

export interface ApiAreaPageProps {
  /** The area's slug as asked for (`journey`, `driver`, …). */
  slug: string;
  /** The area's calls from the live OpenAPI document; null when the document could not be read. */
  operations: ApiOperation[] | null;
}

function BackToCatalogue() {
  return (
    <a className="article__back" href={paths.apiCatalog.getHref()}>
      <SiteIcon name="arrowLeft" size={18} /> API catalogue
    </a>
  );
}

function ProblemState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="section">
      <div className="container">
        <div className="state state--error" role="alert">
          <span className="state__icon">
            <SiteIcon name="alert" />
          </span>
          <h2>{title}</h2>
          <p>{children}</p>
        </div>
      </div>
    </section>
  );
}

/** The calls of one tag of the document, each opening its entry in the interactive documentation. */
function TagCalls({ tag, operations }: { tag: string; operations: ApiOperation[] }) {
  const id = `calls-${tag.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="api-calls" aria-labelledby={id}>
      <h2 id={id}>
        {tag} <a href={docsHref(tag)}>Open in the interactive documentation</a>
      </h2>
      <ul className="api-calls__list">
        {operations.map((op) => (
          <li key={`${op.method} ${op.path}`} className="api-call">
            <span className={`api-call__method api-call__method--${op.method.toLowerCase()}`}>
              {op.method}
            </span>
            <code className="api-call__path">{op.path}</code>
            <span className="api-call__summary">{op.summary}</span>
            <a className="api-call__try" href={op.href} aria-label={`Try ${op.method} ${op.path}`}>
              Try it <SiteIcon name="arrowRight" size={16} />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /api-catalog/{area}: one area of the API catalogue (spec 002 §2 names them /journey, /driver, …),
 * listing its calls as the running server documents them, grouped by the documentation's tags.
 */
export function ApiAreaPage({ slug, operations }: ApiAreaPageProps) {
  const area = findApiArea(slug);
  if (!area)
    return (
      <ProblemState title="No such API area">
        {`There is no area “${slug}” in the API catalogue. `}
        <a href={paths.apiCatalog.getHref()}>See every area</a>.
      </ProblemState>
    );

  const byTag = new Map<string, ApiOperation[]>();
  for (const op of operations ?? []) byTag.set(op.tag, [...(byTag.get(op.tag) ?? []), op]);

  return (
    <>
      <PageHeader eyebrow="API" title={`${area.title} API`} lead={area.text}>
        <BackToCatalogue />
      </PageHeader>
      {operations === null ? (
        <ProblemState title="The API documentation could not be read">
          Please try again in a moment, or open the <a href={API_DOCS_HREF}>interactive documentation</a>{' '}
          directly.
        </ProblemState>
      ) : (
        <section className="section">
          <div className="container">
            {operations.length === 0 ? (
              <p className="state" role="status">
                This server documents no calls in this area.
              </p>
            ) : (
              <p className="lead">
                {operations.length === 1 ? '1 call' : `${operations.length} calls`}. Each opens in the{' '}
                <a href={API_DOCS_HREF}>interactive documentation</a>, with its parameters, answers and a form
                to try it; sign in to the console first for the calls that need a session.
              </p>
            )}
            {[...byTag].map(([tag, calls]) => (
              <TagCalls key={tag} tag={tag} operations={calls} />
            ))}
          </div>
        </section>
      )}
    </>
  );
}
