import type { ReactNode } from 'react';
import { SiteIcon, isSiteIconName, type SiteIconName } from './site-icon';

/** The band at the top of an inner page: eyebrow, the page's h1 and a lead paragraph. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div className="container">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1>{title}</h1>
        {lead && <p className="lead">{lead}</p>}
        {children}
      </div>
    </header>
  );
}

/** A section's heading block: eyebrow, h2 and an introduction. */
export function SectionHead({
  id,
  eyebrow,
  title,
  intro,
  center = false,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  center?: boolean;
}) {
  return (
    <div className={center ? 'section__head section__head--center' : 'section__head'}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id}>{title}</h2>
      {intro && <p className="lead">{intro}</p>}
    </div>
  );
}

/** A card with an icon tile, a title and text; `icon` may be a name read from content (unknown → none). */
export function IconCard({
  icon,
  title,
  children,
  headingLevel = 3,
}: {
  icon: SiteIconName | string;
  title: string;
  children: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="card">
      {isSiteIconName(icon) && (
        <span className="card__icon">
          <SiteIcon name={icon} />
        </span>
      )}
      <Heading>{title}</Heading>
      <div className="card__text">{children}</div>
    </div>
  );
}

/** A list of points, each with a tick. */
export function CheckList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="check-list">
      {items.map((item, i) => (
        <li key={i}>
          <SiteIcon name="check" size={20} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The coloured call-to-action band closing a page. */
export function CtaBand({
  title,
  text,
  href,
  label,
}: {
  title: string;
  text: string;
  href: string;
  label: string;
}) {
  return (
    <section className="section section--tight">
      <div className="container">
        <div className="cta-band">
          <h2>{title}</h2>
          <p className="lead">{text}</p>
          <div className="button-row">
            <a className="button button--secondary button--large" href={href}>
              {label}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}

/** A page section: its heading block, then its content; `soft` gives it the tinted background. */
export function PageSection({
  id,
  eyebrow,
  title,
  intro,
  soft = false,
  center = false,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  soft?: boolean;
  center?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={soft ? 'section section--soft' : 'section'} aria-labelledby={id}>
      <div className="container">
        <SectionHead id={id} eyebrow={eyebrow} title={title} intro={intro} center={center} />
        {children}
      </div>
    </section>
  );
}

export interface CardItem {
  icon: SiteIconName | string;
  title: string;
  text: string;
}

/** Icon cards in a grid: as many columns as fit, or a fixed 2, 3 or 4 on wide screens. */
export function CardGrid({ cards, columns }: { cards: readonly CardItem[]; columns?: 2 | 3 | 4 }) {
  return (
    <div className={columns ? `grid grid--${columns}` : 'grid'}>
      {cards.map((card) => (
        <IconCard key={card.title} icon={card.icon} title={card.title}>
          <p>{card.text}</p>
        </IconCard>
      ))}
    </div>
  );
}

/** Links to the sections of this page, as pills under the page header. */
export function SectionLinks({
  label,
  sections,
}: {
  label: string;
  sections: readonly { id: string; title: string }[];
}) {
  return (
    <ul className="subnav" aria-label={label}>
      {sections.map((section) => (
        <li key={section.id}>
          <a href={`#${section.id}`}>{section.title}</a>
        </li>
      ))}
    </ul>
  );
}
