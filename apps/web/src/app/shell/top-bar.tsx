import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { Brand } from '../../components/brand';
import { APP_BAR_HEIGHT, DRAWER_MINI_WIDTH } from '../../lib/layout';
import { paths } from '../../lib/paths';
import { ExceptionsBell } from './exceptions-bell';
import { loadMobileMenu } from './side-menu';
import { UserMenu } from './user-menu';

interface TopBarProps {
  /** The tenant name; null for namat tenants and the super admin. */
  title: string | null;
  email: string | null;
  mobile: boolean;
  onOpenMenu: () => void;
}

export function TopBar({ title, email, mobile, onOpenMenu }: TopBarProps) {
  return (
    <AppBar
      position="fixed"
      color="inherit"
      data-fixed-app-bar
      sx={(theme) => ({
        // Above the clipped desktop drawer; below the mobile drawer, which covers the whole screen.
        zIndex: mobile ? theme.zIndex.appBar : theme.zIndex.drawer + 1,
        bgcolor: 'background.paper',
        borderBottom: `1px solid ${theme.palette.divider}`,
      })}
    >
      <Toolbar disableGutters sx={{ minHeight: `${APP_BAR_HEIGHT}px !important`, pr: { xs: 1.5, sm: 2.5 } }}>
        <Box sx={{ width: DRAWER_MINI_WIDTH, display: 'grid', placeItems: 'center', flexShrink: 0 }}>
          {mobile ? (
            <IconButton
              aria-label="Open menu"
              onClick={onOpenMenu}
              // The menu's code is fetched as the finger or pointer arrives, before the click.
              onPointerEnter={() => void loadMobileMenu()}
              onPointerDown={() => void loadMobileMenu()}
              onFocus={() => void loadMobileMenu()}
              edge={false}
            >
              <MenuIcon />
            </IconButton>
          ) : (
            <Box
              component={RouterLink}
              to={paths.overview.getHref()}
              aria-label="Fleet Console overview"
              sx={{ display: 'inline-flex', borderRadius: 2 }}
            >
              <Brand iconOnly />
            </Box>
          )}
        </Box>
        {title && (
          <Typography
            component="p"
            variant="h6"
            noWrap
            sx={{ fontWeight: 600, fontSize: { xs: '1rem', sm: '1.15rem' }, minWidth: 0 }}
          >
            {title}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <ExceptionsBell />
        {email && <UserMenu email={email} />}
      </Toolbar>
    </AppBar>
  );
}
