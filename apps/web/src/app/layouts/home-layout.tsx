import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { PageSpinner } from '../../components/page-spinner';
import { APP_BAR_HEIGHT } from '../../lib/layout';
import { PublicAppBar } from './public-app-bar';

/** The frame of the public site: navigation bar on top, the page below it. */
export function HomeLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.paper' }}>
      <PublicAppBar />
      <Box component="main" sx={{ flexGrow: 1, pt: `${APP_BAR_HEIGHT}px` }}>
        <Suspense fallback={<PageSpinner fullScreen={false} />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
