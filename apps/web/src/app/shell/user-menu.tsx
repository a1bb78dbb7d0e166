import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';

const loadPopup = () => import('./user-menu-popup');
const UserMenuPopup = lazy(loadPopup);

/** The account button of the top bar: shows the email, with Settings and Logout (spec 000 §2). */
export function UserMenu({ email }: { email: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so closing it animates like any menu.
  const [opened, setOpened] = useState(false);
  const menuId = useId();

  return (
    <>
      <IconButton
        aria-label="Account"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        // The menu's code is fetched as the pointer or focus arrives, before the click.
        onPointerEnter={() => void loadPopup()}
        onFocus={() => void loadPopup()}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        size="small"
      >
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: '1rem' }}>
          {email.charAt(0).toUpperCase() || '?'}
        </Avatar>
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <UserMenuPopup id={menuId} email={email} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
