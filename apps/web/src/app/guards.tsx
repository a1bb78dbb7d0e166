import { Navigate, Outlet } from 'react-router';
import { hasGuardianCookie, isCrmEnabled, isSuperAdmin, useSession } from '../lib/session';
import { paths } from '../lib/paths';

/** Where a visitor without an admin session goes: '/' (spec 000 §2), or a signed-in parent to their view. */
const signedOutHref = () => (hasGuardianCookie() ? paths.guardian.getHref() : paths.home.getHref());

/** Signed-in routes need a stored admin; otherwise the visitor goes to '/' (spec 000 §2). */
export function RequireSession() {
  const session = useSession();
  return session ? <Outlet /> : <Navigate to={signedOutHref()} replace />;
}

/** /super-admins is for the super admin only; a tenant admin goes back to the Overview. */
export function RequireSuperAdmin() {
  const session = useSession();
  if (!session) return <Navigate to={paths.home.getHref()} replace />;
  return isSuperAdmin(session) ? <Outlet /> : <Navigate to={paths.overview.getHref()} replace />;
}

/** /crm needs the tenant's CRM flag equal to 1, otherwise it redirects to '/' (spec 000 §6). */
export function RequireCrm() {
  const session = useSession();
  return isCrmEnabled(session) ? <Outlet /> : <Navigate to={paths.home.getHref()} replace />;
}

/** /login sends a signed-in admin to the Overview. */
export function GuestOnly() {
  const session = useSession();
  return session ? <Navigate to={paths.overview.getHref()} replace /> : <Outlet />;
}
