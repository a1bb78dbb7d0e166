import { lazy, Suspense, useEffect, useRef, useState, type FocusEvent } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import {
  APP_BAR_HEIGHT,
  DRAWER_CLOSE_DELAY_MS,
  DRAWER_FULL_WIDTH,
  DRAWER_MINI_WIDTH,
  DRAWER_OPEN_DELAY_MS,
} from '../../lib/layout';
import type { MenuEntry } from './build-menu';
import { MenuItems } from './menu-items';

/** The phone menu's code; the top bar's menu button asks for it as a finger or pointer arrives. */
export const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);

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

  // Below 1024 px the menu is a drawer of its own chunk, mounted from its first opening on (so
  // closing it animates) and fetched while the browser is idle, so the first tap finds it ready.
  const [opened, setOpened] = useState(false);
  if (mobileOpen && !opened) setOpened(true);
  useEffect(() => {
    if (!mobile) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
    idle(() => void loadMobileMenu());
  }, [mobile]);

  if (mobile) {
    return opened ? (
      <Suspense fallback={null}>
        <MobileMenu entries={entries} open={mobileOpen} onClose={onMobileClose} tenantTitle={tenantTitle} />
      </Suspense>
    ) : null;
  }

  // Keyboard users get the labels too: focus inside the menu expands it like hover does.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) collapse();
  };

  // A rail fixed under the top bar, as tall as the window whatever the page's length (a plain box:
  // a permanent drawer would bring MUI's modal code to every first page for nothing).
  return (
    <Box
      component="aside"
      sx={(theme) => ({
        position: 'fixed',
        top: APP_BAR_HEIGHT,
        left: 0,
        bottom: 0,
        zIndex: theme.zIndex.drawer,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        width: expanded ? DRAWER_FULL_WIDTH : DRAWER_MINI_WIDTH,
        overflowX: 'hidden',
        borderRight: `1px solid ${theme.palette.divider}`,
        // Expanding overlays the page instead of pushing it, so the content never reflows on hover.
        boxShadow: expanded ? theme.shadows[8] : 'none',
        transition: theme.transitions.create(['width', 'box-shadow'], {
          duration: theme.transitions.duration.shorter,
        }),
      })}
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
    </Box>
  );
}
