import { memo, useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { VISUALLY_HIDDEN } from '../../lib/layout';
import { DESKTOP } from './map-layout';

/** A fleet of thousands stays quick to draw: the list shows this many, the map all of them. */
export const SIDE_LIST_MAX = 200;

export interface TSideItem {
  key: string;
  primary: string;
  secondary?: string;
  /** A colour swatch (the path's colour: the list is then the map's legend). */
  color?: string;
  selected?: boolean;
}

interface SideRowProps extends TSideItem {
  /** How a screen reader names what choosing the row does; no action without it. */
  actionLabel?: string;
  onAction?: (key: string) => void;
}

/** One row; unchanged rows are not drawn again when live positions move others. */
const SideRow = memo(function SideRow({
  itemKey,
  primary,
  secondary,
  color,
  selected,
  actionLabel,
  onAction,
}: Omit<SideRowProps, 'key'> & { itemKey: string }) {
  const body = (
    <>
      {color && (
        <Box
          aria-hidden
          sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: color, mr: 1.5, flexShrink: 0 }}
        />
      )}
      <ListItemText primary={primary} secondary={secondary} />
    </>
  );
  return (
    <ListItem disablePadding data-color={color}>
      {actionLabel && onAction ? (
        <ListItemButton selected={selected} onClick={() => onAction(itemKey)}>
          {body}
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {`, ${actionLabel}`}
          </Box>
        </ListItemButton>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 0.5, width: '100%' }}>{body}</Box>
      )}
    </ListItem>
  );
});

export interface SideListProps {
  title: string;
  /** A button beside the title ("Show all"). */
  action?: ReactNode;
  /** The rows shown (at most SIDE_LIST_MAX are drawn). */
  items: TSideItem[];
  /** How many there are in all, when `items` holds only the first ones. */
  total?: number;
  emptyText: string;
  /** What choosing a row does (it gets the row's key), and its words for screen readers. */
  actionLabel?: string;
  onAction?: (key: string) => void;
  /** Shown above the list (a summary of the driver's day). */
  children?: ReactNode;
}

/**
 * What the map shows, as a list beside it (under it on phones): the page stays usable, and
 * testable, without the map's canvas.
 */
export function SideList({
  title,
  action,
  items,
  total = items.length,
  emptyText,
  actionLabel,
  onAction,
  children,
}: SideListProps) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
        [DESKTOP]: { maxHeight: 'calc(100vh - 200px)' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5 }}>
        <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
      {items.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, py: 1.5 }}>
          {emptyText}
        </Typography>
      ) : (
        <List dense aria-labelledby={titleId} sx={{ overflowY: 'auto', flex: 1 }}>
          {items.slice(0, SIDE_LIST_MAX).map(({ key, ...item }) => (
            <SideRow key={key} itemKey={key} {...item} actionLabel={actionLabel} onAction={onAction} />
          ))}
        </List>
      )}
      {total > SIDE_LIST_MAX && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {`Showing ${SIDE_LIST_MAX} of ${total}. Choose one in the selector above to see it alone.`}
        </Typography>
      )}
    </Paper>
  );
}
