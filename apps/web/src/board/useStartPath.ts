import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { resolveStartPath } from '@listboard/core';
import { useSession } from '../state/session';

/**
 * Start-path rules (core/address): '/', '/{name}', privacy, terms, trailing slashes, and
 * '/admin/home' for others; the address is replaced where a rule moves it.
 */
export function useStartPath(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const user = session.user;
  const isGuest = !user || user.roles.includes('guest');
  useEffect(() => {
    const here = `${location.pathname}${location.search}${location.hash}`;
    const target = resolveStartPath(here, {
      username: user?.username ?? null,
      isAdmin: user?.roles.includes('lbadmin') ?? false,
      isGuest,
      rootBoard: session.rootBoard,
      adminUser: session.adminUser,
    });
    if (target !== here) void navigate(target, { replace: true });
  }, [
    location.pathname,
    location.search,
    location.hash,
    user,
    isGuest,
    session.rootBoard,
    session.adminUser,
    navigate,
  ]);
}
