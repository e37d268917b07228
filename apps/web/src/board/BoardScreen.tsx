import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LIST_WIDTH_STEPS, PHONE_MAX_WIDTH, phoneListWidth, resolveStartPath, type Multilist } from '@listboard/core';
import { useSession } from '../state/session';
import { useAlerts } from '../state/alerts';
import { Header } from './Header';
import { ListColumn } from './ListColumn';
import { deviceOf, useBoards } from './useBoards';
import { handleLinkClick } from './links';

const DEFAULT_ZOOM = 2;

function useViewportWidth(): number {
  return useSyncExternalStore(
    (cb) => {
      window.addEventListener('resize', cb);
      return () => window.removeEventListener('resize', cb);
    },
    () => window.innerWidth,
  );
}

function BoardView({ board }: { board: Multilist }) {
  return (
    <section className="board" aria-label={`Board ${board.owner}/${board.title}`} data-board={`${board.owner}/${board.ptitle}`}>
      <header className="board-header">
        <h2>{board.altTitle ?? board.title}</h2>
        <p className="board-meta">
          <span className="owner">{board.owner}</span>
          {board.description && <span className="board-description">{board.description}</span>}
        </p>
      </header>
      {board.locked ? (
        <p className="locked">This board has a password.</p>
      ) : (
        <div className="lists">
          {board.lists.map((l) => (
            <ListColumn key={l._id} list={l} />
          ))}
          {board.lists.length === 0 && <p className="empty">This board has no lists yet.</p>}
        </div>
      )}
    </section>
  );
}

export function BoardScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const width = useViewportWidth();
  const phone = width <= PHONE_MAX_WIDTH;
  const path = location.pathname;
  const user = session.user;

  // Start-path rules: '/', '/{name}', privacy, terms, trailing slashes, '/admin/home' for others.
  useEffect(() => {
    const here = `${location.pathname}${location.search}${location.hash}`;
    const target = resolveStartPath(here, {
      username: user?.username ?? null,
      isAdmin: user?.roles.includes('lbadmin') ?? false,
      isGuest: user?.roles.includes('guest') ?? true,
      rootBoard: session.rootBoard,
      adminUser: session.adminUser,
    });
    if (target !== here) navigate(target, { replace: true });
  }, [location.pathname, location.search, location.hash, user, session.rootBoard, session.adminUser, navigate]);

  const { data: boards, isLoading, error } = useBoards(path, user?.username, deviceOf(width));
  const main = useRef<HTMLElement>(null);
  const boardCount = boards?.length ?? 0;

  // When a board is added to the chain, bring it into view.
  const lastCount = useRef(0);
  useEffect(() => {
    if (boardCount > lastCount.current && lastCount.current > 0) {
      main.current?.querySelector('.board:last-child')?.scrollIntoView({ behavior: 'smooth', inline: 'start', block: 'nearest' });
    }
    lastCount.current = boardCount;
  }, [boardCount]);

  const listWidth = phone ? phoneListWidth(width) : LIST_WIDTH_STEPS[DEFAULT_ZOOM];
  return (
    <div className="app" style={{ ['--list-width' as string]: `${listWidth}px` }}>
      <Header path={path} phone={phone} />
      <main
        ref={main}
        className="boards"
        onClick={(e) =>
          handleLinkClick(e, {
            navigate: (to) => navigate(to),
            scrollToList: (anchor) =>
              main.current?.querySelector(`[data-anchor="${CSS.escape(anchor)}"]`)?.scrollIntoView({ behavior: 'smooth', inline: 'start' }),
            openTab: (url) => window.open(url, '_blank', 'noopener,noreferrer'),
            other: (kind, detail) => useAlerts.getState().show(`${kind === 'func' ? 'Function' : kind === 'tag' ? 'Tag' : 'Label'} links (${detail}) open with the board tools.`),
          })
        }
      >
        {isLoading && <p className="loading-inline">Loading…</p>}
        {error && <p className="error">{(error as Error).message}</p>}
        {boards?.map((b) => <BoardView key={b._id} board={b} />)}
      </main>
    </div>
  );
}
