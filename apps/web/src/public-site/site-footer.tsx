import { paths } from '../lib/paths';
import { SiteBrand } from '../components/site/site-brand';
import { LEGAL_LINKS, USE_CASE_SECTIONS, hrefOfUseCase } from '../components/site/site-links';
import { PRODUCT_NAME } from '../lib/product';
import { NewsletterBox } from './newsletter-box';

const QUICK_LINKS = [
  { label: 'Home', href: paths.home.getHref() },
  { label: 'Features', href: paths.features.getHref() },
  { label: 'About us', href: paths.aboutUs.getHref() },
  { label: 'Blog', href: paths.blog.getHref() },
  { label: 'Contact', href: paths.contact.getHref() },
  { label: 'API catalogue', href: paths.apiCatalog.getHref() },
  { label: 'Log in', href: paths.login.getHref() },
];

function LinkColumn({ title, links }: { title: string; links: { label: string; href: string }[] }) {
  return (
    <nav className="site-footer__column" aria-label={title}>
      <h2 className="site-footer__heading">{title}</h2>
      <ul className="site-footer__links">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The footer (spec 000 §2): quick, use-case and compliance links and the newsletter box. The spec
 * names no social accounts, so none are linked: a link to an account that does not exist helps nobody.
 */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <SiteBrand inverted />
          <p>
            The operations console for fleets that run drivers, vehicles and trips: school buses, delivery,
            airport and construction fleets, and field teams.
          </p>
        </div>
        <LinkColumn title="Quick links" links={QUICK_LINKS} />
        <LinkColumn
          title="Use cases"
          links={USE_CASE_SECTIONS.map((section) => ({
            label: section.title,
            href: hrefOfUseCase(section.id),
          }))}
        />
        <LinkColumn title="Compliance" links={LEGAL_LINKS} />
        <div className="site-footer__column site-footer__newsletter">
          <h2 className="site-footer__heading">Newsletter</h2>
          <NewsletterBox />
        </div>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
