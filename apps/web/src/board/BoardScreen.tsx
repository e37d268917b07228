/**
 * The board screen: header, toolbar, search bars, the form bar and the row of boards. Its logic
 * lives in hooks, one concern each: the start path, view states, forms, selection, the commands'
 * context, what the boards' controls do and what links in them do.
 */
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { LIST_CONTAINER_HEIGHTS, LIST_WIDTH_STEPS, phoneListWidth } from '@listboard/core';
import { useSession } from '../state/session';
import { useConnection } from '../api/client';
import { useUi } from '../state/ui';
import { Header } from './Header';
import { AccountTools, Toolbar } from './Toolbar';
import { ZoomContext } from '../blocks/zoom';
import { BoardFailed, BoardMissing } from './BoardMissing';
import { SelectionAdder } from '../highlights/SelectionAdder';
import { useSearchHits } from '../search/searchHits';
import { BoardSkeleton } from './BoardSkeleton';
import { useKeyboard } from './useKeyboard';
import { useLiveBoards } from './useLiveBoards';
import { useLinkLongPress } from './useLinkLongPress';
import { useGuardedPath } from './useNavigationGuards';
import { BoardView } from './BoardView';
import { usePrintMode } from './print';
import { BoardApiContext } from './boardApi';
import { useShownBoards } from '../search/useShownBoards';
import { SearchBars } from '../search/SearchBars';
import { isSearchQuery } from '../search/address';
import './board.css';
import { namedPageOf, namedPageTitle, pageOwner } from '../pages/registry';
import { usePageTitle } from '../pageTitle';
import { PageLayer } from '../pages/PageLayer';
import { DashboardLinks } from '../pages/DashboardLinks';
import { useViewport } from './useViewport';
import { useStartPath } from './useStartPath';
import { useFilesStayOnPage } from './itemDrop';
import { useViewStates } from './useViewStates';
import { useBoardScrolling } from './useBoardScrolling';
import { FreshStart } from './FreshStart';
import { useItemAnchor, useNoteAnchor } from '../highlights/useNoteAnchor';
import { useJoinLink } from './useJoinLink';
import { boardHref } from './itemLink';
import { useNewSinceVisit } from './whatsNew';
import { useForms } from './useForms';
import { useSelection } from './useSelection';
import { useSavedSelection } from './useSavedSelection';
import { useBoardCalls, useCommandContext } from './useCommandContext';
import { useFormBar } from './useFormBar';
import { useBoardActions } from './useBoardActions';
import { useBoardLinks } from './useBoardLinks';
import { formFacts } from '../forms/definitions';

// A listing's tabs and its choices (group, order), for the Listings and Discussion pages alone.
const PageTabs = lazy(() => import('./PageTabs').then((m) => ({ default: m.PageTabs })));

export function BoardScreen() {
  const location = useLocation();
  const session = useSession();
  const ui = useUi();
  const sessionEnded = useConnection((s) => s.sessionEnded);
  const { width, phone, short, device } = useViewport();
  const path = useGuardedPath(location.pathname);
  const user = session.user;
  const isGuest = !user || user.roles.includes('guest');

  useStartPath();
  useFilesStayOnPage();
  useEffect(() => {
    document.documentElement.dataset.theme = ui.theme;
  }, [ui.theme]);

  const page = namedPageOf(location.search);
  // A custom search's code (its tabs show above the results); a named page is not one.
  const searchCode = page ? null : new URLSearchParams(location.search).get('code');
  const searching = searchCode !== null;
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

  // The page's name, for the tab and as its one top heading: the named page, else the board
  // the address leads to (the last of its chain), else that there is none; unchanged while loading.
  const last = boards[boards.length - 1];
  const pageName = page
    ? namedPageTitle(page, pageOwner(path, user?.username), user?.username)
    : last
      ? `${last.altTitle ?? last.title} (${last.owner})`
      : error && !sessionEnded
        ? 'This page did not open'
        : isPending
          ? undefined
          : 'No board here';
  usePageTitle(pageName);

  const views = useViewStates(boards, board, user, isGuest);
  // The boards are drawn in the background once their data is in: React splits that render into
  // short tasks, so drawing a big board does not hold the page for long; the header and toolbar
  // take the data at once. What reads the drawn page (a #section, a note's address, the words
  // selected last time) waits for the drawing.
  const drawn = useDeferredValue(boards);
  useSearchHits(drawn);
  const drawing = drawn !== boards && drawn.length === 0;
  const main = useRef<HTMLElement>(null);
  useBoardScrolling(main, drawn.length, location.hash, phone);
  // A note's address (#note-{id}) opens its item with the notes shown, at the note's passage.
  const reveal = useCallback(
    (itemId: string) => {
      ui.patchItemVs(itemId, { open: true });
      if (ui.display.showNotes !== 'annos+notes') ui.setDisplay({ showNotes: 'annos+notes' });
    },
    [ui],
  );
  useNoteAnchor(location.hash, drawn, reveal);
  // An item's address (#item-{id}) selects it and opens it, bringing it into view.
  useItemAnchor(location.hash, drawn);
  // A group's join link offers to join it, once the board is here and its reader signed in.
  // A board behind a password is not here for it until the password is given.
  useJoinLink(last && !last.locked ? { id: last._id, path: boardHref(last) } : null, user);

  const calls = useBoardCalls();
  const forms = useForms();
  const selection = useSelection(boards, board, views);
  useSavedSelection(drawn, views.keepBoardState);
  // What others wrote since this user's last visit is marked new; this visit moves the mark on.
  useNewSinceVisit(drawn, user?.username ?? null, views.keepBoardState);
  const ctx = useCommandContext({
    user,
    isGuest,
    boards,
    board,
    resultsId,
    views,
    calls,
    openForm: forms.openForm,
    toggleListEditor: forms.toggleListEditor,
    moveSelection: selection.moveSelection,
  });
  useKeyboard(ctx, ui.form !== null, selection.readSelection);
  usePrintMode(ctx.board?._id ?? null);

  const renderForm = useFormBar(ctx, calls, views.setDisplay);
  // A yes-or-no question shows in the header's confirm bar, every other form in the form bar.
  const asksConfirm = ui.form ? formFacts(ui.form.id)?.confirm === true : false;
  const api = useBoardActions({
    ctx,
    board,
    resultsId,
    views,
    forms,
    selection,
    call: calls.call,
    reload: () => void calls.reload(),
    setDisplay: views.setDisplay,
    renderForm,
  });
  const onLinkClick = useBoardLinks(main, boards, ctx);

  const linkLongPress = useLinkLongPress();
  const zoom = Math.max(0, Math.min(LIST_WIDTH_STEPS.length - 1, ui.display.zoom));
  const listWidth = phone ? phoneListWidth(width) : LIST_WIDTH_STEPS[zoom];
  const listHeight = LIST_CONTAINER_HEIGHTS[device === 'desktop' ? 'other' : device];
  const tabs = searchCode !== null && user && (
    <Suspense fallback={null}>
      <PageTabs
        code={searchCode}
        username={user.username}
        strip={phone}
        board={
          resultsId !== null && last?.onBoard ? { ...last.onBoard, lister: last.owner } : undefined
        }
        groups={
          resultsId !== null && last?.noteGroups
            ? { ...last.noteGroups, lister: last.owner }
            : undefined
        }
        tag={resultsId !== null ? last?.onTag : undefined}
        writer={resultsId !== null ? last?.onWriter : undefined}
        order={resultsId !== null ? last?.noteOrder : undefined}
        listed={resultsId !== null ? last : undefined}
      />
    </Suspense>
  );
  const dashboard = !page && <DashboardLinks boards={boards} ctx={ctx} strip={phone} />;
  // A phone's or a short screen's few tools (in the header's row when short).
  const compact = phone || short;
  const toolbar = <Toolbar ctx={ctx} phone={compact} />;
  return (
    <div
      className={`app${ui.display.compactView ? ' compact' : ''}${short ? ' short' : ''}${compact ? ' few-tools' : ''}`}
      style={{
        ['--list-width' as string]: `${listWidth}px`,
        ['--list-height' as string]: listHeight,
      }}
    >
      {/* The first stop of the keyboard, shown when it has focus: past the toolbar's twenty-odd
          controls to the first thing on the boards. */}
      <a
        className="skip-link"
        href="#boards"
        onClick={(e) => {
          e.preventDefault();
          const first = main.current?.querySelector<HTMLElement>(
            'a[href], button, [tabindex="0"], input, textarea, select',
          );
          first?.focus();
        }}
      >
        Skip to the boards
      </a>
      <Header
        path={location.pathname}
        phone={compact}
        display={ui.display}
        confirm={ui.form && !ui.form.listEditor && asksConfirm ? renderForm() : null}
        tools={short ? toolbar : compact ? null : <AccountTools ctx={ctx} />}
      />
      {!short && toolbar}
      <SearchBars ctx={ctx} />
      {ui.form && !ui.form.listEditor && !asksConfirm && (
        <div className="form-bar">{renderForm()}</div>
      )}
      {phone && tabs}
      {phone && dashboard}
      <main
        ref={main}
        id="boards"
        className="boards"
        onPointerDown={(e) => linkLongPress.start(e)}
        onPointerUp={() => linkLongPress.end()}
        onPointerLeave={() => linkLongPress.cancel()}
        onClickCapture={(e) => linkLongPress.swallow(e)}
        onClick={onLinkClick}
      >
        {/* With no board, the page that says so has the top heading. */}
        {pageName && (page || last) && <h1 className="visually-hidden">{pageName}</h1>}
        <FreshStart main={main} ids={drawn.map((b) => b._id)} />
        {!phone && tabs}
        {!phone && dashboard}
        <PageLayer page={page} path={path} boards={boards} ctx={ctx} />
        {(isLoading || drawing) && <BoardSkeleton />}
        {/* A load refused because the session ended is told by the session bar, with its remedy. */}
        {error && !sessionEnded && <BoardFailed error={error} retry={shown.retry} />}
        <ZoomContext.Provider value={zoom}>
          <BoardApiContext.Provider value={api}>
            {drawn.map((b) => (
              <BoardView key={b._id} board={b} />
            ))}
            <SelectionAdder />
          </BoardApiContext.Provider>
        </ZoomContext.Provider>
        {!page && !searching && !isPending && !error && boards.length === 0 && (
          <BoardMissing path={location.pathname} />
        )}
      </main>
    </div>
  );
}
