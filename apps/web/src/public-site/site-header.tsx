import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { paths } from '../lib/paths';
import { SiteBrand } from '../components/site/site-brand';
import { SiteIcon } from '../components/site/site-icon';
import { PRODUCT_NAME } from '../lib/product';
import type { SitePageKey } from './site-pages';

interface NavLink {
  key: SitePageKey;
  label: string;
  href: string;
}

const MAIN_LINKS: NavLink[] = [
  { key: 'home', label: 'Home', href: paths.home.getHref() },
  { key: 'features', label: 'Features', href: paths.features.getHref() },
  { key: 'useCases', label: 'Use cases', href: paths.useCases.getHref() },
];

/** The About dropdown of spec 000 §2 (Blog, Contact), led by the About us page it is named after. */
const ABOUT_LINKS: NavLink[] = [
  { key: 'aboutUs', label: 'About us', href: paths.aboutUs.getHref() },
  { key: 'blog', label: 'Blog', href: paths.blog.getHref() },
  { key: 'contact', label: 'Contact', href: paths.contact.getHref() },
];

const sectionOf = (page: SitePageKey): SitePageKey => (page === 'blogPost' ? 'blog' : page);

/** Closes a popup on Escape or on a click outside `ref`, while it is open. */
function useDismiss(open: boolean, ref: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onPointer = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, ref, close]);
}

function NavItem({ link, current, className }: { link: NavLink; current: boolean; className: string }) {
  return (
    <a className={className} href={link.href} aria-current={current ? 'page' : undefined}>
      {link.label}
    </a>
  );
}

/**
 * The public navigation bar (spec 000 §2): Home, Features, Use cases, an About dropdown and Login.
 * Below 1024 px a menu button opens the mobile menu, which lists every link and adds Log in.
 * Which of the two shows is decided in CSS, so the server's HTML fits every screen.
 */
export function SiteHeader({ page }: { page: SitePageKey }) {
  const section = sectionOf(page);
  const [aboutOpen, setAboutOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const aboutRef = useRef<HTMLLIElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const aboutId = useId();
  const menuId = useId();
  useDismiss(aboutOpen, aboutRef, () => setAboutOpen(false));
  useDismiss(menuOpen, headerRef, () => setMenuOpen(false));
  const aboutCurrent = ABOUT_LINKS.some((link) => link.key === section);

  return (
    <header className="site-header" data-fixed-app-bar ref={headerRef}>
      <div className="container site-header__bar">
        <a className="site-header__brand" href={paths.home.getHref()} aria-label={`${PRODUCT_NAME} home`}>
          <SiteBrand />
        </a>
        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            {MAIN_LINKS.map((link) => (
              <li key={link.key}>
                <NavItem link={link} current={link.key === section} className="site-nav__link" />
              </li>
            ))}
            <li className="site-nav__dropdown" ref={aboutRef}>
              <button
                type="button"
                className={aboutCurrent ? 'site-nav__link site-nav__link--active' : 'site-nav__link'}
                aria-expanded={aboutOpen}
                aria-controls={aboutId}
                onClick={() => setAboutOpen((open) => !open)}
              >
                About <SiteIcon name="chevronDown" size={18} />
              </button>
              <ul id={aboutId} className="site-nav__menu" hidden={!aboutOpen}>
                {ABOUT_LINKS.map((link) => (
                  <li key={link.key}>
                    <NavItem link={link} current={link.key === section} className="site-nav__menu-link" />
                  </li>
                ))}
              </ul>
            </li>
          </ul>
        </nav>
        <a className="button button--primary site-header__login" href={paths.login.getHref()}>
          Login
        </a>
        <button
          type="button"
          className="site-header__menu-button"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <SiteIcon name={menuOpen ? 'close' : 'menu'} />
        </button>
      </div>
      <nav id={menuId} className="site-mobile-menu" aria-label="Menu" hidden={!menuOpen}>
        <ul className="container site-mobile-menu__list">
          {[...MAIN_LINKS, ...ABOUT_LINKS].map((link) => (
            <li key={link.key}>
              <NavItem link={link} current={link.key === section} className="site-mobile-menu__link" />
            </li>
          ))}
          <li>
            <a className="button button--primary site-mobile-menu__login" href={paths.login.getHref()}>
              Log in
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}
