import { useEffect, type ComponentType } from 'react';
import { SiteSettingsContext } from '../components/site/site-context';
import { scrollToHash } from '../lib/hash-scroll';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import type { SitePageKey, SitePageProps, SitePayload } from './site-pages';

/** Hash links scroll below the fixed bar (spec 000 §2): on arrival and on every in-page hash link. */
function useHashScroll() {
  useEffect(() => {
    let cancel = window.location.hash ? scrollToHash(window.location.hash) : () => undefined;
    const onHashChange = () => {
      cancel();
      cancel = scrollToHash(window.location.hash);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      cancel();
      window.removeEventListener('hashchange', onHashChange);
    };
  }, []);
}

export interface SiteAppProps<K extends SitePageKey> {
  payload: SitePayload<K>;
  Page: ComponentType<SitePageProps[K]>;
}

/** One public page in the site's frame: navigation bar, the page, footer. Server and browser render the same. */
export function SiteApp<K extends SitePageKey>({ payload, Page }: SiteAppProps<K>) {
  useHashScroll();
  return (
    <SiteSettingsContext.Provider value={payload.settings}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader page={payload.page} />
      <main id="main" className="site-main">
        <Page {...payload.props} />
      </main>
      <SiteFooter />
    </SiteSettingsContext.Provider>
  );
}
