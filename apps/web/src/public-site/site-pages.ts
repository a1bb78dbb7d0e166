import type { ComponentType } from 'react';
import type { ApiAreaPageProps } from '../features/public/api-area-page';
import type { ApiCatalogPageProps } from '../features/public/api-catalog-page';
import type { HomePageProps } from '../features/public/home-page';
import type { BlogListPageProps } from '../features/blog/blog-list-page';
import type { BlogPostPageProps } from '../features/blog/blog-post-page';
import type { SiteSettings } from '../components/site/site-context';

/** The public site's pages, by the route keys of `app/paths.ts`. */
export const SITE_PAGE_KEYS = [
  'home',
  'features',
  'useCases',
  'aboutUs',
  'contact',
  'termsConditions',
  'privacyPolicy',
  'cookiePolicy',
  'blog',
  'blogPost',
  'apiCatalog',
  'apiArea',
  'schoolBus',
] as const;
export type SitePageKey = (typeof SITE_PAGE_KEYS)[number];

type NoProps = Record<string, never>;

/** What each page is rendered from: loaded on the server, handed to the browser for hydration. */
export interface SitePageProps {
  home: HomePageProps;
  features: NoProps;
  useCases: NoProps;
  aboutUs: NoProps;
  contact: NoProps;
  termsConditions: NoProps;
  privacyPolicy: NoProps;
  cookiePolicy: NoProps;
  blog: BlogListPageProps;
  blogPost: BlogPostPageProps;
  apiCatalog: ApiCatalogPageProps;
  apiArea: ApiAreaPageProps;
  schoolBus: NoProps;
}

/** Id of the script element holding the page's data (JSON) for hydration. */
export const SITE_DATA_ELEMENT_ID = 'site-data';

/** The JSON the server puts in the page for hydration. */
export interface SitePayload<K extends SitePageKey = SitePageKey> {
  page: K;
  props: SitePageProps[K];
  settings: SiteSettings;
}

type PageLoaders = { [K in SitePageKey]: () => Promise<ComponentType<SitePageProps[K]>> };

/** Each page is its own chunk: a visitor downloads only the page in front of them. */
export const SITE_PAGES: PageLoaders = {
  home: () => import('../features/public/home-page').then((m) => m.HomePage),
  features: () => import('../features/public/features-page').then((m) => m.FeaturesPage),
  useCases: () => import('../features/public/use-cases-page').then((m) => m.UseCasesPage),
  aboutUs: () => import('../features/public/about-page').then((m) => m.AboutPage),
  contact: () => import('../features/public/contact-page').then((m) => m.ContactPage),
  termsConditions: () => import('../features/public/legal/terms-page').then((m) => m.TermsPage),
  privacyPolicy: () => import('../features/public/legal/privacy-page').then((m) => m.PrivacyPage),
  cookiePolicy: () => import('../features/public/legal/cookie-page').then((m) => m.CookiePage),
  blog: () => import('../features/blog/blog-list-page').then((m) => m.BlogListPage),
  blogPost: () => import('../features/blog/blog-post-page').then((m) => m.BlogPostPage),
  apiCatalog: () => import('../features/public/api-catalog-page').then((m) => m.ApiCatalogPage),
  apiArea: () => import('../features/public/api-area-page').then((m) => m.ApiAreaPage),
  schoolBus: () => import('../features/public/school-bus-page').then((m) => m.SchoolBusPage),
};
