import { useEffect } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PageSpinner } from '../components/page-spinner';
import { consoleServedPublicPage, openPublicPage } from '../lib/public-site';
import { paths } from '../lib/paths';

/**
 * A public route inside the console's router: the page itself comes from the server, so the
 * console hands over with a full page load. Should the server ever answer a public address with
 * the console itself (a build without the public site), it says so instead of reloading forever.
 */
export function PublicPageHandoff() {
  const { pathname, search, hash } = useLocation();
  const stuck = consoleServedPublicPage(pathname + search);

  useEffect(() => {
    if (!stuck) openPublicPage(pathname + search + hash);
  }, [stuck, pathname, search, hash]);

  if (!stuck) return <PageSpinner label="Opening the page" />;
  return (
    <Box
      role="alert"
      sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 3, textAlign: 'center' }}
    >
      <Box sx={{ maxWidth: 440 }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          This page is not available
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          The public site is not part of this build. Run the full build to serve it.
        </Typography>
        <Button variant="contained" href={paths.login.getHref()}>
          Log in
        </Button>
      </Box>
    </Box>
  );
}
