import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { queryClient } from '../../../api/query-client';
import { clearSession } from '../../../stores/session';
import { logout } from '../api/logout';

/** Ends the session on the server (when reachable) and here, forgetting cached records as well. */
export async function endSession(): Promise<void> {
  await logout().catch(() => undefined);
  await clearSession();
  queryClient.clear();
}

/** Logout of the user menu: back to the login page, which will return to the screen left (spec part 1, 6). */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const here = window.location.pathname;
    await endSession();
    navigate(`/login?redirect=${encodeURIComponent(here)}`, { replace: true });
  }, [navigate]);
}
