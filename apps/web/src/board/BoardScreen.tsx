import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  LIST_CONTAINER_HEIGHTS,
  LIST_WIDTH_STEPS,
  PHONE_MAX_WIDTH,
  THEMES,
  boardMsg,
  pathTitle,
  phoneListWidth,
  resolveStartPath,
  toolbarRoleFlags,
  visitTarget,
  type Item,
  type ItemHandler,
  type List,
  type ListEditorMode,
  type Multilist,
} from '@listboard/core';
import { callApi, messageOr, type ChangeCall } from '../api/client';
import { signInAs, signOutToGuest } from '../account/session';
import { useSession } from '../state/session';
import { useAlerts } from '../state/alerts';
import {
  DEFAULT_DISPLAY,
  useUi,
  type Display,
  type ItemViewState,
  type ListViewState,
  type OpenForm,
} from '../state/ui';
import { COMMANDS } from '../commands/definitions';
import type { CommandContext } from '../commands/registry';
import { FORM_BY_ID } from '../forms/definitions';
import { Form } from '../forms/Form';
import { toggleForm, type FormContext } from '../forms/registry';
import { Header } from './Header';
import { ShortcutSheet, Toolbar } from './Toolbar';
import { deviceOf } from './useBoards';
import { PageTabs } from './PageTabs';
import { ZoomContext } from '../blocks/zoom';
import { LINK_FUNCTIONS } from '../commands/linkFunctions';
import { BoardMissing } from './BoardMissing';
import { BoardSkeleton } from './BoardSkeleton';
import { handleLinkClick } from './links';
import { boardLinkActions, scrollToList } from './boardLinks';
import { useKeyboard } from './useKeyboard';
import { useLiveBoards } from './useLiveBoards';
import { useLinkLongPress } from './useLinkLongPress';
import { useGuardedPath, usePhoneBackScroll } from './useNavigationGuards';
import { linkDestination } from './displayMode';
import { BoardView } from './BoardView';
import { BoardApiContext, type BoardApi } from './boardApi';
import { modeForm } from './ListEditor';
import { itemIsOpen } from '../commands/helpers';
import { useShownBoards } from '../search/useShownBoards';
import { SearchBars } from '../search/SearchBars';
import { isSearchQuery } from '../search/address';
import './board.css';
import { namedPageOf } from '../pages/registry';
import { PageLayer } from '../pages/PageLayer';
import { useSelectionCapture } from '../highlights/useSelectionCapture';
import type { PickedText } from '../highlights/capture';

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
const command = (id: string) => COMMANDS.find((c) => c.id === id)!;

/** The command each item action button runs. */
const ACTION_COMMANDS: Record<Exclude<ItemHandler, 'visit' | 'reply'>, string> = {
  annotate: 'annotate',
  delete: 'deleteItem',
  label: 'labels',
  duplicate: 'duplicateItem',
  insert: 'insertItem',
  edit: 'editItem',
};

export function BoardScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const ui = useUi();
  const alert = useAlerts((s) => s.show);
  const width = useViewportWidth();
  const phone = width <= PHONE_MAX_WIDTH;
  const device = deviceOf(width);
  const path = useGuardedPath(location.pathname);
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
    device,
  );
  const { data: boards, isLoading, isPending, error } = shown;
  useLiveBoards(boards);
  const board =
    boards.find((b) => b._id === ui.selection.multilistId) ?? boards[boards.length - 1] ?? null;
  // A search's results board comes last in the chain; it is made on the fly, not edited in place.
  const resultsId = isSearchQuery(location.search)
    ? (boards[boards.length - 1]?._id ?? null)
    : null;

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
  usePhoneBackScroll(main, phone);
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

  const call = useCallback<ChangeCall>(
    async (p, body, label) => {
      const res = await callApi(p, body);
      if (!res.ok) {
        alert(messageOr(res.error, `ERROR: ${label}`));
        return res;
      }
      // The form closes as soon as the server agrees; the boards refresh behind it.
      void reload();
      return res;
    },
    [alert, reload],
  );

  // View states are kept per user on the server; the shared guest keeps them for this visit.
  const keepsViewState = Boolean(user && !isGuest);
  const setDisplay = useCallback(
    (patch: Partial<Display>) => {
      ui.setDisplay(patch);
      if (board && user && keepsViewState) {
        void callApi('/api/display/update_multilistvs', {
          query: { userId: user._id, multilistId: board._id },
          doc: { $set: patch },
        });
      }
    },
    [ui, board, user, keepsViewState],
  );

  const byId = useMemo(() => {
    const lists = new Map<string, List>();
    const items = new Map<string, Item>();
    for (const b of boards)
      for (const l of b.lists) {
        lists.set(l._id, l);
        for (const it of l.items) items.set(it._id, it);
      }
    return { lists, items };
  }, [boards]);

  const listState = useCallback(
    (id: string): ListViewState => ({
      ...(byId.lists.get(id)?.viewstate as ListViewState | undefined),
      ...ui.listVs[id],
    }),
    [byId, ui.listVs],
  );
  const itemState = useCallback(
    (id: string): ItemViewState => ({
      ...(byId.items.get(id)?.viewstate as ItemViewState | undefined),
      ...ui.itemVs[id],
    }),
    [byId, ui.itemVs],
  );
  const setListState = useCallback(
    (listId: string, patch: ListViewState) => {
      ui.patchListVs(listId, patch);
      if (user && keepsViewState)
        void callApi('/api/display/update_listvs', {
          query: { userId: user._id, listId },
          doc: { $set: patch },
        });
    },
    [ui, user, keepsViewState],
  );
  const setItemState = useCallback(
    (itemId: string, patch: ItemViewState) => {
      ui.patchItemVs(itemId, patch);
      if (user && keepsViewState)
        void callApi('/api/display/update_itemvs', {
          query: { userId: user._id, itemId },
          doc: { $set: patch },
        });
    },
    [ui, user, keepsViewState],
  );

  const openFormWith = useCallback(
    (form: OpenForm) => {
      const { next, refused } = toggleForm(ui.form?.id ?? null, form.id);
      if (refused) alert(boardMsg.closeFormFirst);
      else ui.setForm(next ? form : null);
    },
    [ui, alert],
  );
  const openForm = useCallback(
    (id: string) => openFormWith({ id, target: ui.selection }),
    [openFormWith, ui.selection],
  );

  const toggleListEditor = useCallback(
    (listId: string) => {
      if (ui.editorListId === listId) {
        // Closing the editor closes its open mode too.
        if (ui.form?.listEditor?.listId === listId) ui.setForm(null);
        ui.setEditorList(null);
        return;
      }
      if (ui.form?.listEditor) ui.setForm(null);
      ui.setEditorList(listId);
    },
    [ui],
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
      prefs: {
        theme: ui.theme,
        displayMode: ui.displayMode,
        dragLock: ui.dragLock,
        hideLabels: ui.hideLabels,
      },
      form: ui.form,
      results: board !== null && board._id === resultsId,
      listState,
      itemState,
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
        setPrefs: ui.setPrefs,
        setListState,
        setItemState,
        toggleListEditor,
        toggleSplit: ui.toggleSplit,
      },
    }),
    [
      user,
      isGuest,
      boards,
      board,
      ui,
      resultsId,
      listState,
      itemState,
      navigate,
      reload,
      alert,
      openForm,
      setDisplay,
      moveSelection,
      call,
      signOut,
      setListState,
      setItemState,
      toggleListEditor,
    ],
  );
  useKeyboard(ctx, ui.form !== null);

  const formCtx: FormContext = {
    user,
    board,
    target: ui.form?.target ?? ui.selection,
    noteId: ui.form?.noteId,
    call,
    api: callApi,
    navigate: (to) => navigate(to),
    alert,
    group: ui.noteGroup,
    setGroup: ui.setNoteGroup,
    display: ui.display,
    setDisplay,
    prefs: ctx.prefs,
    setPrefs: ui.setPrefs,
    signIn: (username, password) => signInAs(username, password, navigate),
    signOut,
  };
  const formDef = ui.form ? FORM_BY_ID.get(ui.form.id) : undefined;
  const closeForm = () => ui.setForm(null);
  const renderForm = () =>
    ui.form?.id === 'shortcuts' ? (
      <ShortcutSheet ctx={ctx} onClose={closeForm} />
    ) : formDef ? (
      <Form
        key={`${ui.form!.id}-${ui.form!.target.listId}`}
        def={formDef}
        ctx={formCtx}
        onClose={closeForm}
      />
    ) : null;

  const selectItem = (b: Multilist, item: Item, picked: PickedText | null) => {
    if (ui.selection.itemId === item._id && !picked) {
      ui.select({ itemId: null, text: null });
      return;
    }
    ui.select({
      multilistId: b._id,
      listId: item.listId,
      itemId: item._id,
      text: picked?.text ?? null,
      passage: picked?.passage ?? null,
      spans: picked?.spans ?? false,
    });
    // Selecting an item with notes shown sets its showNotes (spec section 4).
    if (ui.display.showNotes !== 'none' && item.notes.length > 0 && !itemState(item._id).showNotes)
      setItemState(item._id, { showNotes: true });
  };

  // Words selected by keyboard or touch select their item too; clearing them drops the passage.
  useSelectionCapture(boards, ui.selection, selectItem, () => ui.select({ text: null }));

  const api: BoardApi = {
    display: ui.display,
    prefs: ctx.prefs,
    selection: ui.selection,
    isResults: (b) => b._id === resultsId,
    signedIn: !isGuest,
    form: ui.form,
    editorListId: ui.editorListId,
    splitLists: ui.splitLists,
    shownLabels: ui.shownLabels,
    hiddenTags: ui.hiddenTags,
    hiddenLists: ui.hiddenLists,
    listState,
    itemState,
    selectList: (b, list) =>
      ui.selection.listId === list._id && !ui.selection.itemId
        ? ui.clearSelection()
        : ui.select({ multilistId: b._id, listId: list._id, itemId: null, text: null }),
    selectItem,
    toggleItem: (item) =>
      setItemState(item._id, { open: !itemIsOpen(ui.display, itemState(item._id)) }),
    toggleListEditor,
    listMode(b: Multilist, list: List, mode: ListEditorMode) {
      const id = modeForm(mode);
      const open = ui.form;
      if (!id) return;
      const target = { multilistId: b._id, listId: list._id, itemId: null, text: null };
      if (open?.listEditor?.listId === list._id) {
        // One mode at a time: the same mode closes, another replaces it.
        ui.setForm(
          open.listEditor.mode === mode
            ? null
            : { id, target, listEditor: { listId: list._id, mode } },
        );
      } else if (open) {
        alert(boardMsg.closeFormFirst);
      } else {
        ui.setForm({ id, target, listEditor: { listId: list._id, mode } });
      }
    },
    itemAction(b, item, handler) {
      if (handler === 'visit') {
        const to = visitTarget(item);
        if (to) navigate(to);
        return;
      }
      if (handler === 'reply') {
        openFormWith({
          id: 'reply',
          target: { multilistId: b._id, listId: item.listId, itemId: item._id, text: null },
          noteId: item._id,
        });
        return;
      }
      void command(ACTION_COMMANDS[handler]).run(ctx);
    },
    noteAction(b, item, note, action) {
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
    },
    reorder(b, listId, beforeId) {
      const order = b.lists.map((l) => l._id).filter((id) => id !== listId);
      const at = beforeId ? order.indexOf(beforeId) : order.length;
      order.splice(at < 0 ? order.length : at, 0, listId);
      void call('/api/forms/reorder_lists', { multilistId: b._id, listOrder: order }, 'move list');
    },
    itemsInView(b, first, last) {
      if (b._id !== board?._id) return;
      if (first === ui.display.itemsViewStartIndex && last === ui.display.itemsViewStopIndex)
        return;
      setDisplay({ itemsViewStartIndex: first, itemsViewStopIndex: last });
    },
    unlocked: () => void reload(),
    renderForm,
    commands: ctx,
  };

  const linkLongPress = useLinkLongPress();
  const zoom = Math.max(0, Math.min(LIST_WIDTH_STEPS.length - 1, ui.display.zoom));
  const listWidth = phone ? phoneListWidth(width) : LIST_WIDTH_STEPS[zoom];
  const listHeight = LIST_CONTAINER_HEIGHTS[device === 'desktop' ? 'other' : device];
  const here = `${location.pathname}${location.search}`;
  return (
    <div
      className={`app${ui.display.compactView ? ' compact' : ''}`}
      style={{
        ['--list-width' as string]: `${listWidth}px`,
        ['--list-height' as string]: listHeight,
      }}
    >
      <Header path={location.pathname} phone={phone} />
      <Toolbar ctx={ctx} phone={phone} />
      <SearchBars ctx={ctx} />
      {ui.form && !ui.form.listEditor && <div className="form-bar">{renderForm()}</div>}
      <main
        ref={main}
        className="boards"
        onPointerDown={(e) => linkLongPress.start(e)}
        onPointerUp={() => linkLongPress.end()}
        onPointerLeave={() => linkLongPress.cancel()}
        onClickCapture={(e) => linkLongPress.swallow(e)}
        onClick={(e) =>
          handleLinkClick(
            e,
            boardLinkActions({
              root: main.current,
              boards,
              showNotes: ui.display.showNotes,
              navigate: (to) => {
                const dest = linkDestination(here, to, ui.displayMode);
                if (dest.split('#')[0] === here) {
                  // Already on screen: bring that board into view instead of loading it again.
                  const key = to.split(/[?#]/)[0]!.replace(/^\//, '');
                  [...(main.current?.querySelectorAll<HTMLElement>('[data-board]') ?? [])]
                    .find((el) => el.dataset.board === key)
                    ?.scrollIntoView?.({ behavior: 'smooth', inline: 'start', block: 'nearest' });
                  if (dest.includes('#')) navigate(dest);
                  return;
                }
                navigate(dest);
              },
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
          <BoardApiContext.Provider value={api}>
            {boards.map((b) => (
              <BoardView key={b._id} board={b} />
            ))}
          </BoardApiContext.Provider>
        </ZoomContext.Provider>
        {!page && !searching && !isPending && !error && boards.length === 0 && (
          <BoardMissing path={location.pathname} />
        )}
      </main>
    </div>
  );
}
