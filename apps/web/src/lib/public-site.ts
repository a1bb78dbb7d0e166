/*
 * The public pages (/, /features, /blog/…) are rendered by the server and hydrated by the public
 * site's own small bundle; the console does not carry them. When the console's router reaches one
 * (a sign-out, a link), it leaves for it with a full page load.
 */

/** Where this document was loaded: the server answers public paths with the public site, not the console. */
const loadedAt = typeof window === 'undefined' ? '' : window.location.pathname + window.location.search;

/** True when the server answered this very public address with the console (a build without the public site). */
export const consoleServedPublicPage = (pathAndSearch: string): boolean => pathAndSearch === loadedAt;

/** Loads a public page from the server. Tests mock it: jsdom cannot navigate. */
export function openPublicPage(url: string): void {
  window.location.assign(url);
}
