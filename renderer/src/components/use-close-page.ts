import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTagsStore } from '../stores/tags';

/**
 * Closes the current screen's tag and goes back one page (spec: 取消 closes the tab and goes back). A
 * screen opened directly (nothing to go back to) goes to `fallback` instead.
 */
export function useClosePage(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    useTagsStore.getState().close(location.pathname);
    // react-router names the first entry of a history 'default': there is no page before it.
    if (location.key === 'default') navigate(fallback, { replace: true });
    else navigate(-1);
  }, [fallback, location.key, location.pathname, navigate]);
}
