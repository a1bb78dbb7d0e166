import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import type { ListDisplay, RowAction, RowMenuItem, TListRow } from './list-types';

type RowActionsConfig<T extends TListRow> = Pick<
  ListDisplay<T>,
  'rowName' | 'onEdit' | 'remove' | 'rowActions' | 'rowMenu'
>;

/** True when the list's rows get an Actions cell. */
export const hasRowActions = <T extends TListRow>(config: RowActionsConfig<T>) =>
  Boolean(config.onEdit || config.remove || config.rowActions?.length || config.rowMenu);

function ActionIcon<T>({ action, row }: { action: RowAction<T>; row: T }) {
  const label = action.label(row);
  return (
    <Tooltip title={label}>
      {action.href ? (
        <IconButton size="small" aria-label={label} component={RouterLink} to={action.href(row)}>
          {action.icon}
        </IconButton>
      ) : (
        <IconButton size="small" aria-label={label} onClick={() => action.onClick?.(row)}>
          {action.icon}
        </IconButton>
      )}
    </Tooltip>
  );
}

function RowMenu<T>({
  row,
  label,
  items,
  onRemove,
}: {
  row: T;
  label: string;
  items: RowMenuItem<T>[];
  onRemove: (row: T) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label={label}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items.map((item) => {
          const unavailable = item.unavailable?.(row) ?? null;
          return (
            <MenuItem
              key={item.id}
              disabled={unavailable !== null}
              onClick={() => {
                setAnchor(null);
                if (item.onClick === 'remove') onRemove(row);
                else item.onClick(row);
              }}
            >
              <ListItemIcon>{item.icon}</ListItemIcon>
              <ListItemText primary={item.label} secondary={unavailable} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

/**
 * The Actions cell of a row: Edit and Delete icons, the list's extra icons, and its ⋮ menu. Delete
 * is an icon unless the menu holds it.
 */
export function RowActions<T extends TListRow>({
  row,
  config,
  onRemove,
}: {
  row: T;
  config: RowActionsConfig<T>;
  onRemove: (row: T) => void;
}) {
  const { rowName = () => String(row.id), onEdit, remove, rowActions = [], rowMenu } = config;
  const removeInMenu = rowMenu?.items.some((item) => item.onClick === 'remove') ?? false;
  return (
    <>
      {onEdit && (
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${rowName(row)}`} onClick={() => onEdit(row)}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {remove && !removeInMenu && (
        <Tooltip title="Delete">
          <IconButton size="small" aria-label={`Delete ${rowName(row)}`} onClick={() => onRemove(row)}>
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {rowActions.map((action) => (
        <ActionIcon key={action.id} action={action} row={row} />
      ))}
      {rowMenu && <RowMenu row={row} label={rowMenu.label(row)} items={rowMenu.items} onRemove={onRemove} />}
    </>
  );
}
