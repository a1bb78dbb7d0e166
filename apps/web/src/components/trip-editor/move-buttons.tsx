import type { KeyboardEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';

export interface MoveButtonsProps {
  index: number;
  count: number;
  /** Names the item in the buttons' labels ("stop 2 Dubai Mall"). */
  name: string;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}

/**
 * Moves an item and keeps the keyboard focus where it was: the focused element moves with its item
 * (React keeps keyed nodes), but moving a node in the DOM may blur it. When the focused button is
 * now disabled (moved to an end), focus goes to the item's other move button.
 */
function moveKeepingFocus(onMove: (from: number, to: number) => void, from: number, to: number) {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  onMove(from, to);
  if (!active) return;
  setTimeout(() => {
    if (!active.isConnected || document.activeElement === active) return;
    if (active instanceof HTMLButtonElement && active.disabled) {
      const group = active.closest('[data-move-buttons]');
      group?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    } else {
      active.focus();
    }
  });
}

/** Move up, move down and remove buttons of one item of an ordered list. */
export function MoveButtons({ index, count, name, onMove, onRemove }: MoveButtonsProps) {
  const move = (to: number) => moveKeepingFocus(onMove, index, to);
  return (
    <span data-move-buttons style={{ display: 'inline-flex', whiteSpace: 'nowrap' }}>
      <Tooltip title="Move up">
        <span>
          <IconButton
            size="small"
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => move(index - 1)}
          >
            <ArrowUpward fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Move down">
        <span>
          <IconButton
            size="small"
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => move(index + 1)}
          >
            <ArrowDownward fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Remove">
        <IconButton size="small" aria-label={`Remove ${name}`} onClick={onRemove}>
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </span>
  );
}

/**
 * Alt+Arrow Up / Alt+Arrow Down inside an item moves it; focus stays on the element that had it,
 * which moves with the item.
 */
export function reorderKeys(index: number, count: number, onMove: (from: number, to: number) => void) {
  return (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
    if (to < 0 || to >= count) return;
    event.preventDefault();
    event.stopPropagation();
    moveKeepingFocus(onMove, index, to);
  };
}
