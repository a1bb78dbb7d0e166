import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { alpha, type Theme } from '@mui/material/styles';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { DRAWER_MINI_WIDTH } from '../../lib/layout';
import type { MenuEntry, MenuGroup, MenuLink } from './build-menu';
import { MENU_ICONS } from './menu-icons';

const isActive = (href: string, pathname: string) =>
  pathname.toLowerCase() === href.toLowerCase() ||
  pathname.toLowerCase().startsWith(`${href.toLowerCase()}/`);

/** The entry of the page shown: the longest address the path is at or under (`/trips/planning` is not Trips'). */
function activeHrefOf(entries: MenuEntry[], pathname: string): string | null {
  const hrefs = entries
    .flatMap((entry) => (entry.kind === 'group' ? entry.children : [entry]))
    .map((l) => l.href);
  return hrefs.filter((href) => isActive(href, pathname)).sort((a, b) => b.length - a.length)[0] ?? null;
}

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

export interface ItemsProps {
  showLabels: boolean;
  pathname: string;
  onNavigate?: () => void;
}

type TItemProps = Omit<ItemsProps, 'pathname'> & { activeHref: string | null };

function MenuLinkItem({
  item,
  nested,
  showLabels,
  activeHref,
  onNavigate,
}: TItemProps & { item: MenuLink; nested: boolean }) {
  const Icon = MENU_ICONS[item.id];
  const active = item.href === activeHref;
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

function MenuGroupItem({ group, showLabels, activeHref, onNavigate }: TItemProps & { group: MenuGroup }) {
  const containsActive = group.children.some((child) => child.href === activeHref);
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
              activeHref={activeHref}
              onNavigate={onNavigate}
            />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** The side menu's entries: links, and groups that open in place. */
export function MenuItems({ entries, pathname, ...rest }: ItemsProps & { entries: MenuEntry[] }) {
  const props = { ...rest, activeHref: activeHrefOf(entries, pathname) };
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
