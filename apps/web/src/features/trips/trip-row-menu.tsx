import { useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import type { TTripRow } from '@fleet/contract';

export type TTripAction = 'info' | 'edit' | 'delete' | 'clone' | 'report';

export interface TripRowMenuProps {
  trip: TTripRow;
  /** Names the trip in the button's label ("Actions for Trip 12"). */
  tripTerm: string;
  /** A report is being generated (for any trip): Report waits for it (spec 001 §4). */
  reportBusy: boolean;
  onAction: (action: TTripAction, trip: TTripRow) => void;
}

const ITEMS: { action: TTripAction; label: string; icon: ReactNode }[] = [
  { action: 'info', label: 'Info', icon: <InfoOutlined fontSize="small" /> },
  { action: 'edit', label: 'Edit', icon: <EditOutlined fontSize="small" /> },
  { action: 'delete', label: 'Delete', icon: <DeleteOutlined fontSize="small" /> },
  { action: 'clone', label: 'Clone', icon: <ContentCopyOutlined fontSize="small" /> },
  { action: 'report', label: 'Report', icon: <PictureAsPdfOutlined fontSize="small" /> },
];

/**
 * The row menu of the trips table: Info, Edit, Delete, Clone, Report. Report needs an ended trip
 * (spec 001 §4). An ended trip is history, which its report reads: it is not edited any more (the
 * spec's allowed-edit flag), though Info shows it and Clone copies it.
 */
export function TripRowMenu({ trip, tripTerm, reportBusy, onAction }: TripRowMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const term = tripTerm.toLowerCase();
  const whyNot = (action: TTripAction): string | null => {
    if (action === 'edit' && trip.ended_date) return `The ${term} has ended`;
    if (action === 'report' && !trip.ended_date) return `When the ${term} has ended`;
    if (action === 'report' && reportBusy) return 'Another report is being made';
    return null;
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${tripTerm} ${trip.id}`}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {ITEMS.map(({ action, label, icon }) => (
          <MenuItem
            key={action}
            disabled={whyNot(action) !== null}
            onClick={() => {
              setAnchor(null);
              onAction(action, trip);
            }}
          >
            <ListItemIcon>{icon}</ListItemIcon>
            <ListItemText primary={label} secondary={whyNot(action)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
