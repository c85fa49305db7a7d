import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../stores/session';
import { loginPathFor } from './route-tree';

/** Screens behind login: without a token, to /login?redirect=<path> keeping the other query params. */
export function RequireAuth() {
  const token = useSession((state) => state.token);
  const { pathname, search } = useLocation();
  if (!token) return <Navigate to={loginPathFor(pathname, search)} replace />;
  return <Outlet />;
}

/**
 * The login page for visitors only: a logged-in user who opens /login goes to /. Decided once, when the
 * page opens, so that a successful login follows its redirect query instead.
 */
export function GuestOnly() {
  const [loggedInOnArrival] = useState(() => Boolean(useSession.getState().token));
  if (loggedInOnArrival) return <Navigate to="/" replace />;
  return <Outlet />;
}
