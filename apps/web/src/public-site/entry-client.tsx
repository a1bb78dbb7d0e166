import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SiteApp } from './site-app';
import { SITE_DATA_ELEMENT_ID, SITE_PAGES, type SitePageKey, type SitePayload } from './site-pages';

// The server put the page's data beside its HTML; the browser renders the same tree over it.

async function hydrate<K extends SitePageKey>(payload: SitePayload<K>) {
  const root = document.getElementById('root');
  if (!root) return;
  const Page = await SITE_PAGES[payload.page]();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: the page stays responsive while it becomes interactive.
  startTransition(() => {
    hydrateRoot(root, <SiteApp payload={payload} Page={Page} />);
  });
}

const data = document.getElementById(SITE_DATA_ELEMENT_ID)?.textContent;
if (data) void hydrate(JSON.parse(data) as SitePayload);
