import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import MenuIcon from '@mui/icons-material/Menu';
import { Brand, PRODUCT_NAME } from '../../components/brand';
import { APP_BAR_HEIGHT, MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { paths } from '../paths';

/**
 * The public navigation bar. Below 1024 px a menu icon opens the mobile menu, which adds a Log in
 * entry (spec 000 §2). The marketing pages (features, use cases, blog, …) add their links later.
 */
export function PublicAppBar() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY, { noSsr: true });
  const close = () => setAnchor(null);

  return (
    <AppBar
      position="fixed"
      color="inherit"
      data-fixed-app-bar
      sx={(theme) => ({ bgcolor: 'background.paper', borderBottom: `1px solid ${theme.palette.divider}` })}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: `${APP_BAR_HEIGHT}px !important`, gap: 2 }}>
          <Box
            component={RouterLink}
            to={paths.home.getHref()}
            aria-label={`${PRODUCT_NAME} home`}
            sx={{ display: 'inline-flex', textDecoration: 'none', borderRadius: 2 }}
          >
            <Brand />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <Button component={RouterLink} to={paths.login.getHref()} variant="contained">
            Login
          </Button>
          {mobile && (
            <IconButton
              aria-label="Open menu"
              aria-haspopup="menu"
              aria-controls={anchor ? menuId : undefined}
              aria-expanded={anchor ? true : undefined}
              onClick={(event) => setAnchor(event.currentTarget)}
              edge="end"
            >
              <MenuIcon />
            </IconButton>
          )}
          <Menu
            id={menuId}
            anchorEl={anchor}
            open={mobile && anchor !== null}
            onClose={close}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          >
            <MenuItem component={RouterLink} to={paths.login.getHref()} onClick={close}>
              Log in
            </MenuItem>
          </Menu>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
