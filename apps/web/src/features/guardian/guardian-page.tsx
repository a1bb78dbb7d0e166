import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import type { TGuardianSession } from '@fleet/contract';
import { PageSpinner } from '../../components/page-spinner';
import { ApiError } from '../../lib/api/client';
import { guardianMeQuery, useGuardianLogout } from '../../lib/api/guardian';
import { paths } from '../../lib/paths';
import { noteGuardianCookie } from '../../lib/session';
import { ClientApprovalsTable } from '../../components/approvals';

/** How often the view checks the parent is still signed in (the photos refresh every 30 s). */
const SESSION_CHECK_MS = 60_000;

const signedOut = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

function TopBar({ guardian }: { guardian: TGuardianSession }) {
  const navigate = useNavigate();
  const logout = useGuardianLogout();
  const signOut = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        noteGuardianCookie(false);
        navigate(paths.guardianLogin.getHref(), { replace: true });
      },
    });
  return (
    <AppBar position="sticky" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1.5, flexWrap: 'wrap', py: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="p" sx={{ lineHeight: 1.25 }}>
            {guardian.tenant.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {guardian.fname} {guardian.lname}
          </Typography>
        </Box>
        <Button
          color="inherit"
          startIcon={<LogoutIcon />}
          onClick={signOut}
          disabled={logout.isPending}
          sx={{ flexShrink: 0 }}
        >
          Sign out
        </Button>
      </Toolbar>
    </AppBar>
  );
}

/**
 * The parents' view: the school's name, the parent's name and their children, and the client proof
 * requests of their children's stops (spec 002 "Approvals dashboards", client side: view only, by
 * driver, order id and created date, the photo viewer, refreshed every 30 s). A parent not signed in
 * goes to the parents' sign-in, also an admin: the console's session is not a parent's.
 */
export function GuardianPage() {
  const me = useQuery({ ...guardianMeQuery(), refetchInterval: SESSION_CHECK_MS });

  if (me.isPending) return <PageSpinner label="Checking your session" />;
  if (me.isError) {
    if (signedOut(me.error)) return <Navigate to={paths.guardianLogin.getHref()} replace />;
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{me.error.message}</Alert>
      </Box>
    );
  }
  const guardian = me.data;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <TopBar guardian={guardian} />
      <Box component="main" sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 3 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 1 }}>
          Pick-up photos
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          The photos the driver takes at your children&apos;s stops.
        </Typography>
        <Box component="section" aria-labelledby="children-title" sx={{ mb: 3 }}>
          <Typography id="children-title" variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
            Your children
          </Typography>
          {guardian.children.length === 0 ? (
            <Typography color="text.secondary">No children are linked to your account yet.</Typography>
          ) : (
            <Stack
              component="ul"
              direction="row"
              sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
            >
              {guardian.children.map((child) => (
                <li key={child.id}>
                  <Chip
                    label={`${child.fname} ${child.lname}${child.stop_name ? ` · ${child.stop_name}` : ''}`}
                    variant="outlined"
                  />
                </li>
              ))}
            </Stack>
          )}
        </Box>
        <ClientApprovalsTable asGuardian emptyText="No photos requested at your children's stops yet." />
      </Box>
    </Box>
  );
}
