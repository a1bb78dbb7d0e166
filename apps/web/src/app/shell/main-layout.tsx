import { Suspense, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { NAMAT_TYPE } from '@fleet/contract';
import { PageSpinner } from '../../components/page-spinner';
import { StartupNotice } from '../../components/startup-notice';
import { APP_BAR_HEIGHT, DRAWER_MINI_WIDTH, MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { useLiveEvents } from '../../lib/live-events';
import { useRoutedKeys } from '../../lib/routed';
import { isCrmEnabled, isSuperAdmin, useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';
import { buildMenu } from './build-menu';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

/** The console shell: top bar, side menu (mini on desktop, temporary below 1024 px) and the page. */
export function MainLayout() {
  const session = useSession();
  const terms = useTerms();
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);

  const tenantType = session?.tenant_type ?? null;
  const superAdmin = isSuperAdmin(session);
  const crmEnabled = isCrmEnabled(session);
  const routed = useRoutedKeys();
  // One live connection for the whole console, while a tenant admin is signed in.
  useLiveEvents(session !== null && !superAdmin);
  const menu = useMemo(
    () => buildMenu({ tenantType, isSuperAdmin: superAdmin, crmEnabled, terms, routed }),
    [tenantType, superAdmin, crmEnabled, terms, routed],
  );
  // namat tenants have no tenant title in the top bar (spec 000 §1).
  const title = tenantType === NAMAT_TYPE ? null : (session?.tenant_name ?? null);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <TopBar
        title={title}
        email={session?.email ?? null}
        mobile={mobile}
        onOpenMenu={() => setMobileOpen(true)}
      />
      <SideMenu
        entries={menu}
        mobile={mobile}
        mobileOpen={mobileOpen}
        onMobileClose={() => setMobileOpen(false)}
        tenantTitle={title}
      />
      <Box
        component="main"
        sx={{ pt: `${APP_BAR_HEIGHT}px`, pl: mobile ? 0 : `${DRAWER_MINI_WIDTH}px`, minHeight: '100vh' }}
      >
        <StartupNotice />
        <Suspense fallback={<PageSpinner fullScreen={false} />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
