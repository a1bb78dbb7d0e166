import { Navigate, Outlet } from 'react-router';
import { isCrmEnabled, isSuperAdmin, useSession } from '../lib/session';
import { paths } from '../lib/paths';

/** Signed-in routes need a stored admin; otherwise the visitor goes to '/' (spec 000 §2). */
export function RequireSession() {
  const session = useSession();
  return session ? <Outlet /> : <Navigate to={paths.home.getHref()} replace />;
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

/** An unknown path goes to /overview when signed in, otherwise to '/'. */
export function UnknownPath() {
  const session = useSession();
  return <Navigate to={session ? paths.overview.getHref() : paths.home.getHref()} replace />;
}
