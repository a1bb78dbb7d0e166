import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOffOutlined';
import { paths } from '../lib/paths';

/**
 * An address inside the console that leads to no screen (a mistyped link, an old bookmark, a screen
 * this build does not have). It says so in the console's frame, so the menu stays at hand, and
 * offers the way back: the previous page, or the Overview.
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', px: 3, py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 480 }}>
        <SearchOffIcon aria-hidden color="primary" sx={{ fontSize: 56, mb: 2 }} />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, mb: 1 }}>
          Page not found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, wordBreak: 'break-word' }}>
          There is no page at <code>{pathname}</code>. Check the address, or pick a screen from the menu.
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center' }}>
          {canGoBack && (
            <Button variant="outlined" onClick={() => void navigate(-1)}>
              Go back
            </Button>
          )}
          <Button variant="contained" component={RouterLink} to={paths.overview.getHref()}>
            Back to Overview
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}
