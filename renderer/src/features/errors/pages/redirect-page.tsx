import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';

/**
 * The refresh helper: /redirect/<path> replaces itself with /<path>, which mounts that screen afresh
 * (the tags bar's 刷新 uses it).
 */
export function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/${rest}${search}`, { replace: true });
  }, [navigate, rest, search]);
  return null;
}
