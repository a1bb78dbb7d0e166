import { useState, type ReactNode } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useDebounced } from '../lib/use-debounced';

export const PAGE_TITLE_ID = 'list-page-title';

/** Padding of a console screen's section. */
export const PAGE_SX = { px: { xs: 2, sm: 3, md: 4 }, py: { xs: 2, md: 3 } } as const;

/** A list screen's heading (h1) with its icon, and its buttons (Add, Export, …) on the right. */
export function PageHeader({
  title,
  icon,
  children,
}: {
  title: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexGrow: 1, minWidth: 200 }}>
        {icon}
        <Typography id={PAGE_TITLE_ID} variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      </Stack>
      {children}
    </Stack>
  );
}

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search: `search` is the trimmed text once typing pauses (what the list asks for),
 * `field` the SearchField's props; `onChange` runs on each keystroke (back to the first page).
 */
export function useSearch(onChange?: () => void) {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  return {
    search,
    field: {
      value: text,
      onChange: (next: string) => {
        setText(next);
        onChange?.();
      },
    },
  };
}

/** The search box of a list screen. */
export function SearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      size="small"
      label={label}
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ width: { xs: '100%', sm: 320 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
