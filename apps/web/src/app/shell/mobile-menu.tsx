import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import { Brand } from '../../components/brand';
import { DRAWER_FULL_WIDTH } from '../../lib/layout';
import type { MenuEntry } from './build-menu';
import { MenuItems } from './menu-items';

export interface MobileMenuProps {
  entries: MenuEntry[];
  open: boolean;
  onClose: () => void;
  tenantTitle: string | null;
}

/**
 * The side menu below 1024 px: a temporary drawer over the page, with the brand and the tenant's
 * name, closed by a link, a tap outside or Escape. Its own chunk (the drawer brings MUI's modal with
 * it), loaded when the menu is about to open, so the desktop's first page does not carry it.
 */
export default function MobileMenu({ entries, open, onClose, tenantTitle }: MobileMenuProps) {
  const { pathname } = useLocation();
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{ '& .MuiDrawer-paper': { width: DRAWER_FULL_WIDTH + 30, maxWidth: '85vw' } }}
    >
      <Box sx={{ px: 2.5, py: 2 }}>
        <Brand />
        {tenantTitle && (
          <Box sx={{ mt: 1, color: 'text.secondary', fontSize: '0.875rem' }}>{tenantTitle}</Box>
        )}
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main menu" sx={{ overflowY: 'auto' }}>
        <MenuItems entries={entries} showLabels pathname={pathname} onNavigate={onClose} />
      </Box>
    </Drawer>
  );
}
