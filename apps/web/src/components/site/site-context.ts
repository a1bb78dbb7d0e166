import { createContext, useContext } from 'react';

/** What every public page may need besides its own data. */
export interface SiteSettings {
  /** The public contact mailbox (the inbox that receives contact requests). */
  contactEmail: string;
}

export const SiteSettingsContext = createContext<SiteSettings>({ contactEmail: '' });

export const useSiteSettings = (): SiteSettings => useContext(SiteSettingsContext);
