import type { ReactNode } from 'react';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/site/page-blocks';
import { useSiteSettings } from '../../../components/site/site-context';

/** Date the legal texts were last changed (spec 002 §2, §9). */
export const LEGAL_UPDATED = 'September 29, 2024';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** The mailbox named in the legal texts: the site's public contact inbox. */
export function ContactMailbox() {
  const { contactEmail } = useSiteSettings();
  return contactEmail ? (
    <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
  ) : (
    <a href={paths.contact.getHref()}>our contact form</a>
  );
}

/** A legal page: title, last-updated date, a table of contents and numbered sections. */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageHeader eyebrow="Compliance" title={title}>
        <p className="legal-updated">Last updated {LEGAL_UPDATED}</p>
      </PageHeader>
      <section className="section">
        <div className="container article">
          <div className="prose">{intro}</div>
          <nav className="legal-toc" aria-label="Contents">
            <h2>Contents</h2>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="prose">
            {sections.map((section, i) => (
              <section key={section.id} aria-labelledby={section.id}>
                <h2 id={section.id}>
                  {i + 1}. {section.title}
                </h2>
                {section.body}
              </section>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
