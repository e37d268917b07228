import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  LIST_WIDTH_STEPS,
  PHONE_MAX_WIDTH,
  THEMES,
  boardMsg,
  pathTitle,
  phoneListWidth,
  resolveStartPath,
  toolbarRoleFlags,
  type Item,
  type List,
  type Multilist,
} from '@listboard/core';
import { lastError, postJson } from '../api/client';
import { signInAs, signOutToGuest } from '../account/session';
import { useSession } from '../state/session';
import { useAlerts } from '../state/alerts';
import { DEFAULT_DISPLAY, useUi, type Display, type Selection } from '../state/ui';
import type { CommandContext } from '../commands/registry';
import { FORM_BY_ID } from '../forms/definitions';
import { Form } from '../forms/Form';
import { toggleForm, type FormContext } from '../forms/registry';
import { Header } from './Header';
import { ListColumn } from './ListColumn';
import { ShortcutSheet, Toolbar } from './Toolbar';
import { deviceOf } from './useBoards';
import { PageTabs } from './PageTabs';
import { ZoomContext } from '../blocks/zoom';
import { LINK_FUNCTIONS } from '../commands/linkFunctions';
import { BoardPassword } from './BoardPassword';
import { BoardMissing } from './BoardMissing';
import { BoardSkeleton } from './BoardSkeleton';
import { handleLinkClick } from './links';
import { boardLinkActions, scrollToList } from './boardLinks';
import { useKeyboard } from './useKeyboard';
import { useLiveBoards } from './useLiveBoards';
import { useLinkLongPress } from './useLinkLongPress';
import { useShownBoards } from '../search/useShownBoards';
import { SearchBars } from '../search/SearchBars';
import { namedPageOf } from '../pages/registry';
import { PageLayer } from '../pages/PageLayer';

function useViewportWidth(): number {
  return useSyncExternalStore(
    (cb) => {
      window.addEventListener('resize', cb);
      return () => window.removeEventListener('resize', cb);
    },
    () => window.innerWidth,
  );
}

const DISPLAY_KEYS = Object.keys(DEFAULT_DISPLAY) as (keyof Display)[];

function BoardView(props: {
  board: Multilist;
  selection: Selection;
  display: Display;
  onSelectList(board: Multilist, list: List): void;
  onSelectItem(board: Multilist, item: Item, text: string | null): void;
  onNoteAction(
    board: Multilist,
    item: Item,
    note: Item,
    action: 'reply' | 'dismiss' | 'answer',
  ): void;
  onUnlocked(): void;
  shownLabels: string[];
  hiddenTags: string[];
  hiddenLists: string[];
}) {
  const { board, selection, display } = props;
  const selectable = board.abilities.select;
  return (
    <section
      className="board"
      aria-label={`Board ${board.owner}/${board.title}`}
      data-board={`${board.owner}/${board.ptitle}`}
    >
      <header className="board-header">
        <h2>{board.altTitle ?? board.title}</h2>
        <p className="board-meta">
          <span className="owner">{board.owner}</span>
          {board.description && <span className="board-description">{board.description}</span>}
        </p>
      </header>
      {board.locked ? (
        <BoardPassword board={board} onUnlocked={props.onUnlocked} />
      ) : (
        <div className="lists">
          {board.lists.map((l) => (
            <ListColumn
              key={l._id}
              list={l}
              selection={selection}
              selectable={selectable}
              display={display}
              onSelectList={(list) => props.onSelectList(board, list)}
              onSelectItem={(item, text) => props.onSelectItem(board, item, text)}
              onNoteAction={(item, note, action) => props.onNoteAction(board, item, note, action)}
              canReply={board.abilities.note}
              canModerate={board.abilities.annotate}
              shownLabels={props.shownLabels}
              hiddenTags={props.hiddenTags}
              folded={props.hiddenLists.includes(l.title)}
              labelColors={board.labelColors}
            />
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
  const queryClient = useQueryClient();
  const session = useSession();
  const ui = useUi();
  const alert = useAlerts((s) => s.show);
  const width = useViewportWidth();
  const phone = width <= PHONE_MAX_WIDTH;
  const path = location.pathname;
  const user = session.user;
  const isGuest = !user || user.roles.includes('guest');

  // Start-path rules: '/', '/{name}', privacy, terms, trailing slashes, '/admin/home' for others.
  useEffect(() => {
    const here = `${location.pathname}${location.search}${location.hash}`;
    const target = resolveStartPath(here, {
      username: user?.username ?? null,
      isAdmin: user?.roles.includes('lbadmin') ?? false,
      isGuest,
      rootBoard: session.rootBoard,
      adminUser: session.adminUser,
    });
    if (target !== here) navigate(target, { replace: true });
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

  useEffect(() => {
    document.documentElement.dataset.theme = ui.theme;
  }, [ui.theme]);

  const page = namedPageOf(location.search);
  const searching = !page && new URLSearchParams(location.search).has('code');
  // A named page shows no board, so there is nothing to load for it.
  const shown = useShownBoards(
    page ? '' : path,
    page ? '' : location.search,
    user?.username,
    deviceOf(width),
  );
  const { data: boards, isLoading, isPending, error } = shown;
  useLiveBoards(boards.map((b) => b._id));
  const board =
    boards.find((b) => b._id === ui.selection.multilistId) ?? boards[boards.length - 1] ?? null;

  // A board opens the way this user left it (view state kept on the server).
  const restored = useRef<string | null>(null);
  useEffect(() => {
    if (!board || restored.current === board._id) return;
    restored.current = board._id;
    const saved = Object.fromEntries(
      DISPLAY_KEYS.filter((k) => k in board.viewstate).map((k) => [k, board.viewstate[k]]),
    );
    ui.setDisplay({ ...DEFAULT_DISPLAY, ...saved });
  }, [board, ui]);

  const main = useRef<HTMLElement>(null);
  const lastCount = useRef(0);
  // A board added to the chain opens beside the others, so bring it into view.
  useEffect(() => {
    if (boards.length > lastCount.current && lastCount.current > 0) {
      const shown = main.current?.querySelectorAll('[data-board]');
      shown?.[shown.length - 1]?.scrollIntoView({
        behavior: 'smooth',
        inline: 'start',
        block: 'nearest',
      });
    }
    lastCount.current = boards.length;
  }, [boards.length]);

  // An address ending in #section opens at that list.
  const hash = location.hash;
  useEffect(() => {
    if (hash.length > 1 && boards.length > 0)
      scrollToList(main.current, pathTitle(decodeURIComponent(hash.slice(1))));
  }, [hash, boards.length]);

  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ['boards'] }),
    [queryClient],
  );

  const call = useCallback(
    async (p: string, body: object, label: string) => {
      const res = await postJson(p, body);
      if (res === null) {
        alert(lastError?.error ?? `ERROR: ${label}`);
        return false;
      }
      // The form closes as soon as the server agrees; the boards refresh behind it.
      void reload();
      return true;
    },
    [alert, reload],
  );

  const setDisplay = useCallback(
    (patch: Partial<Display>) => {
      ui.setDisplay(patch);
      if (board && user && !isGuest) {
        void postJson('/api/display/update_multilistvs', {
          query: { userId: user._id, multilistId: board._id },
          doc: { $set: patch },
        });
      }
    },
    [ui, board, user, isGuest],
  );

  const openForm = useCallback(
    (id: string) => {
      const { next, refused } = toggleForm(ui.form?.id ?? null, id);
      if (refused) alert(boardMsg.closeFormFirst);
      else ui.setForm(next ? { id: next, target: ui.selection } : null);
    },
    [ui, alert],
  );

  const moveSelection = useCallback(
    (level: 'list' | 'item', to: 'prev' | 'next' | 'first' | 'last') => {
      if (!board) return;
      const lists = board.lists;
      const li = lists.findIndex((l) => l._id === ui.selection.listId);
      const pick = (n: number, i: number) =>
        to === 'first'
          ? 0
          : to === 'last'
            ? n - 1
            : Math.max(0, Math.min(n - 1, i + (to === 'next' ? 1 : -1)));
      if (level === 'list' || li < 0) {
        const l = lists[pick(lists.length, li)];
        if (l) ui.select({ multilistId: board._id, listId: l._id, itemId: null, text: null });
        return;
      }
      const items = lists[li]!.items;
      const ii = items.findIndex((i) => i._id === ui.selection.itemId);
      const it = items[pick(items.length, ii)];
      if (it)
        ui.select({ multilistId: board._id, listId: lists[li]!._id, itemId: it._id, text: null });
    },
    [board, ui],
  );

  const signOut = useCallback(() => signOutToGuest(navigate), [navigate]);

  const ctx: CommandContext = useMemo(
    () => ({
      user,
      isGuest,
      boards,
      board,
      abilities: board?.abilities ?? null,
      flags:
        board && user
          ? toolbarRoleFlags(user, {
              owner: board.owner,
              authors: board.authors,
              contributors: board.contributors,
            })
          : null,
      selection: ui.selection,
      display: ui.display,
      actions: {
        navigate: (to) => navigate(to),
        back: () => navigate(-1),
        forward: () => navigate(1),
        reload: () => void reload(),
        alert,
        openForm,
        setDisplay,
        select: ui.select,
        clearSelection: ui.clearSelection,
        moveSelection,
        call,
        cycleTheme: () => ui.setTheme(THEMES[(THEMES.indexOf(ui.theme) + 1) % THEMES.length]!),
        signOut,
      },
    }),
    [
      user,
      isGuest,
      boards,
      board,
      ui,
      navigate,
      reload,
      alert,
      openForm,
      setDisplay,
      moveSelection,
      call,
      signOut,
    ],
  );
  useKeyboard(ctx, ui.form !== null);

  const formCtx: FormContext = {
    user,
    board,
    target: ui.form?.target ?? ui.selection,
    noteId: ui.form?.noteId,
    call,
    create: (p, body) => postJson(p, body),
    navigate: (to) => navigate(to),
    alert,
    group: ui.noteGroup,
    setGroup: ui.setNoteGroup,
    lastError: () => lastError?.error ?? null,
    signIn: (username, password) => signInAs(username, password, navigate),
  };
  const formDef = ui.form ? FORM_BY_ID.get(ui.form.id) : undefined;
  const closeForm = () => ui.setForm(null);

  const onSelectList = (b: Multilist, list: List) =>
    ui.selection.listId === list._id && !ui.selection.itemId
      ? ui.clearSelection()
      : ui.select({ multilistId: b._id, listId: list._id, itemId: null, text: null });
  const noteAction = (
    b: Multilist,
    item: Item,
    note: Item,
    action: 'reply' | 'dismiss' | 'answer',
  ) => {
    const target = { multilistId: b._id, listId: item.listId, itemId: item._id, text: null };
    if (action === 'reply') {
      if (ui.form) alert(boardMsg.closeFormFirst);
      else ui.setForm({ id: 'reply', target, noteId: note._id });
      return;
    }
    void call(
      '/api/forms/set_note_status',
      { itemId: note._id, status: action === 'dismiss' ? 'dismissed' : 'answered' },
      action,
    );
  };
  const onSelectItem = (b: Multilist, item: Item, text: string | null) => {
    if (ui.selection.itemId === item._id && !text) ui.select({ itemId: null, text: null });
    else ui.select({ multilistId: b._id, listId: item.listId, itemId: item._id, text });
  };

  const longPress = useLinkLongPress();
  const zoom = Math.max(0, Math.min(LIST_WIDTH_STEPS.length - 1, ui.display.zoom));
  const listWidth = phone ? phoneListWidth(width) : LIST_WIDTH_STEPS[zoom];
  return (
    <div
      className={`app${ui.display.compactView ? ' compact' : ''}`}
      style={{ ['--list-width' as string]: `${listWidth}px` }}
    >
      <Header path={path} phone={phone} />
      <Toolbar ctx={ctx} />
      <SearchBars ctx={ctx} />
      {ui.form && (
        <div className="form-bar">
          {ui.form.id === 'shortcuts' ? (
            <ShortcutSheet ctx={ctx} onClose={closeForm} />
          ) : formDef ? (
            <Form key={ui.form.id} def={formDef} ctx={formCtx} onClose={closeForm} />
          ) : null}
        </div>
      )}
      <main
        ref={main}
        className="boards"
        onPointerDown={(e) => longPress.start(e)}
        onPointerUp={() => longPress.end()}
        onPointerLeave={() => longPress.cancel()}
        onClickCapture={(e) => longPress.swallow(e)}
        onClick={(e) =>
          handleLinkClick(
            e,
            boardLinkActions({
              root: main.current,
              boards,
              showNotes: ui.display.showNotes,
              navigate: (to) => navigate(to),
              alert,
              toggleList: ui.toggleList,
              toggleLabel: ui.toggleLabel,
              toggleTag: ui.toggleTag,
              runFunction: (name) => {
                const fn = LINK_FUNCTIONS[name];
                fn?.(ctx);
                return Boolean(fn);
              },
            }),
          )
        }
      >
        {searching && user && (
          <PageTabs
            code={new URLSearchParams(location.search).get('code')!}
            username={user.username}
          />
        )}
        <PageLayer page={page} path={path} boards={boards} ctx={ctx} />
        {isLoading && <BoardSkeleton />}
        {error && <p className="error">{(error as Error).message}</p>}
        <ZoomContext.Provider value={zoom}>
          {boards.map((b) => (
            <BoardView
              key={b._id}
              board={b}
              selection={ui.selection}
              display={ui.display}
              shownLabels={ui.shownLabels}
              hiddenTags={ui.hiddenTags}
              hiddenLists={ui.hiddenLists}
              onSelectList={onSelectList}
              onSelectItem={onSelectItem}
              onNoteAction={noteAction}
              onUnlocked={() => void reload()}
            />
          ))}
        </ZoomContext.Provider>
        {!page && !searching && !isPending && !error && boards.length === 0 && (
          <BoardMissing path={path} />
        )}
      </main>
    </div>
  );
}
