import type { PageMap } from './routes';

/** The pages built so far. Each is its own chunk; menu links to other routes fall to the unknown-path rule. */
export const pages: PageMap = {
  home: () => import('../features/home/home-page').then((m) => ({ default: m.HomePage })),
  login: () => import('../features/auth/login-page').then((m) => ({ default: m.LoginPage })),
  overview: () => import('../features/overview/overview-page').then((m) => ({ default: m.OverviewPage })),
};
