/** Layout constants of spec 000 §9. */
export const MOBILE_BREAKPOINT_PX = 1024;
/** Media query for the mobile layout: below 1024 px wide. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.05}px)`;
/** `columns` equal columns from 1024 px, stacked below (a grid's `sx`). */
export const columnsFromDesktop = (columns: number) =>
  ({
    display: 'grid',
    gap: 2,
    gridTemplateColumns: 'minmax(0, 1fr)',
    [`@media (min-width: ${MOBILE_BREAKPOINT_PX}px)`]: {
      gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
    },
  }) as const;
export const DRAWER_MINI_WIDTH = 80;
export const DRAWER_FULL_WIDTH = 250;
export const DRAWER_OPEN_DELAY_MS = 1;
export const DRAWER_CLOSE_DELAY_MS = 300;
/** Height of the fixed app bar; hash links scroll their target below it. */
export const APP_BAR_HEIGHT = 64;
export const HASH_SCROLL_RETRY_MS = 50;
export const SNACKBAR_DURATION_MS = 3000;
/**
 * Read by screen readers, not shown (`sx`): what an icon or a colour says in words. The sizes are
 * strings: in `sx` a bare 1 is 100 %, which made the hidden text as wide as its container.
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
