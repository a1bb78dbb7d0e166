import { useState } from 'react';

/** The Add/Edit dialog of a list: closed, adding (no row) or editing a row. */
export function useRecordDialog<T>() {
  const [state, setState] = useState<{ open: boolean; row: T | null }>({ open: false, row: null });
  return {
    open: state.open,
    row: state.row,
    add: () => setState({ open: true, row: null }),
    edit: (row: T) => setState({ open: true, row }),
    // The row stays while the dialog fades out, so its title does not flip to "Add".
    close: () => setState((shown) => ({ ...shown, open: false })),
  };
}
