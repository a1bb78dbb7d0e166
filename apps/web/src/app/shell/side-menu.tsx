import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { alpha, type Theme } from '@mui/material/styles';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Brand } from '../../components/brand';
import {
  APP_BAR_HEIGHT,
  DRAWER_CLOSE_DELAY_MS,
  DRAWER_FULL_WIDTH,
  DRAWER_MINI_WIDTH,
  DRAWER_OPEN_DELAY_MS,
} from '../../lib/layout';
import type { MenuEntry, MenuGroup, MenuLink } from './build-menu';
import { MENU_ICONS } from './menu-icons';

const isActive = (href: string, pathname: string) =>
  pathname.toLowerCase() === href.toLowerCase() ||
  pathname.toLowerCase().startsWith(`${href.toLowerCase()}/`);

// The icon column stays where it is while the drawer widens, so nothing jumps under the pointer.
const ICON_INSET_PX = (DRAWER_MINI_WIDTH - 24) / 2 - 8;
const ICON_GAP_PX = 14;

const itemSx = (theme: Theme, nested: boolean) => ({
  mx: 1,
  my: '2px',
  minHeight: 40,
  borderRadius: '8px',
  // Nested links have no icon; their text lines up with the group's label.
  pl: nested ? `${ICON_INSET_PX + 24 + ICON_GAP_PX}px` : `${ICON_INSET_PX}px`,
  pr: 1.5,
  color: 'text.secondary',
  '& .MuiListItemIcon-root': { minWidth: 0, mr: `${ICON_GAP_PX}px`, color: 'inherit' },
  '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.06), color: 'text.primary' },
  '&.Mui-selected, &.Mui-selected:hover': {
    bgcolor: alpha(theme.palette.primary.main, 0.12),
    color: 'primary.main',
    fontWeight: 600,
  },
});

const labelSx = (showLabels: boolean) => ({
  m: 0,
  // Collapsed, the label keeps its width and is clipped by the drawer (not squeezed to nothing), so
  // it does not re-flow while the drawer widens and stays in the layout for assistive technology.
  flex: showLabels ? '1 1 auto' : '0 0 auto',
  opacity: showLabels ? 1 : 0,
  transition: 'opacity 150ms',
  '& .MuiListItemText-primary': {
    fontSize: '0.875rem',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    fontWeight: 'inherit',
  },
});

interface ItemsProps {
  showLabels: boolean;
  pathname: string;
  onNavigate?: () => void;
}

function MenuLinkItem({
  item,
  nested,
  showLabels,
  pathname,
  onNavigate,
}: ItemsProps & { item: MenuLink; nested: boolean }) {
  const Icon = MENU_ICONS[item.id];
  const active = isActive(item.href, pathname);
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={item.href}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={(theme) => itemSx(theme, nested)}
      >
        {Icon && !nested && (
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
        )}
        <ListItemText primary={item.label} sx={labelSx(showLabels)} />
      </ListItemButton>
    </ListItem>
  );
}

function MenuGroupItem({ group, showLabels, pathname, onNavigate }: ItemsProps & { group: MenuGroup }) {
  const containsActive = group.children.some((child) => isActive(child.href, pathname));
  const [open, setOpen] = useState(containsActive);
  const Icon = MENU_ICONS[group.id];
  const listId = `menu-group-${group.id}`;
  return (
    <>
      <ListItem disablePadding>
        <ListItemButton
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
          selected={containsActive && !(open && showLabels)}
          sx={(theme) => itemSx(theme, false)}
        >
          {Icon && (
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
          )}
          <ListItemText primary={group.label} sx={labelSx(showLabels)} />
          {showLabels && (open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
        </ListItemButton>
      </ListItem>
      {/* Children show only with labels: in the mini drawer a column of unnamed icons would confuse. */}
      <Collapse in={open && showLabels} timeout="auto" unmountOnExit>
        <List id={listId} disablePadding aria-label={group.label}>
          {group.children.map((child) => (
            <MenuLinkItem
              key={child.id}
              item={child}
              nested
              showLabels={showLabels}
              pathname={pathname}
              onNavigate={onNavigate}
            />
          ))}
        </List>
      </Collapse>
    </>
  );
}

function MenuItems({ entries, ...props }: ItemsProps & { entries: MenuEntry[] }) {
  return (
    <List sx={{ py: 1 }}>
      {entries.map((entry) =>
        entry.kind === 'group' ? (
          <MenuGroupItem key={entry.id} group={entry} {...props} />
        ) : (
          <MenuLinkItem key={entry.id} item={entry} nested={false} {...props} />
        ),
      )}
    </List>
  );
}

/** Expands after 1 ms of hover and collapses 300 ms after the pointer leaves (spec 000 §9). */
function useHoverExpand() {
  const [expanded, setExpanded] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const schedule = (value: boolean, delay: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setExpanded(value), delay);
  };
  return {
    expanded,
    expand: () => schedule(true, DRAWER_OPEN_DELAY_MS),
    collapse: () => schedule(false, DRAWER_CLOSE_DELAY_MS),
  };
}

interface SideMenuProps {
  entries: MenuEntry[];
  mobile: boolean;
  mobileOpen: boolean;
  onMobileClose: () => void;
  tenantTitle: string | null;
}

export function SideMenu({ entries, mobile, mobileOpen, onMobileClose, tenantTitle }: SideMenuProps) {
  const { pathname } = useLocation();
  const { expanded, expand, collapse } = useHoverExpand();

  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
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
          <MenuItems entries={entries} showLabels pathname={pathname} onNavigate={onMobileClose} />
        </Box>
      </Drawer>
    );
  }

  // Keyboard users get the labels too: focus inside the menu expands it like hover does.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) collapse();
  };

  return (
    <Drawer
      variant="permanent"
      sx={{
        width: DRAWER_MINI_WIDTH,
        flexShrink: 0,
        '& .MuiDrawer-paper': (theme) => ({
          top: APP_BAR_HEIGHT,
          height: `calc(100% - ${APP_BAR_HEIGHT}px)`,
          width: expanded ? DRAWER_FULL_WIDTH : DRAWER_MINI_WIDTH,
          overflowX: 'hidden',
          borderRight: `1px solid ${theme.palette.divider}`,
          // Expanding overlays the page instead of pushing it, so the content never reflows on hover.
          boxShadow: expanded ? theme.shadows[8] : 'none',
          transition: theme.transitions.create(['width', 'box-shadow'], {
            duration: theme.transitions.duration.shorter,
          }),
        }),
      }}
    >
      <Box
        component="nav"
        aria-label="Main menu"
        onMouseEnter={expand}
        onMouseLeave={collapse}
        onFocus={expand}
        onBlur={onBlur}
        // A full-width scrollbar would eat the narrow drawer: thin when open, hidden in the mini variant.
        sx={{
          height: '100%',
          overflowY: 'auto',
          overflowX: 'hidden',
          scrollbarWidth: expanded ? 'thin' : 'none',
        }}
      >
        <MenuItems entries={entries} showLabels={expanded} pathname={pathname} />
      </Box>
    </Drawer>
  );
}
