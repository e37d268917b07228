import { describe, expect, it, vi } from 'vitest';
import { useUi } from '../state/ui';
import { draftAccount, draftKey, draftOf, draftsFor, keepDraft } from '../forms/drafts';
import { enterSession } from './session';

vi.mock('../api/client', () => ({
  callApi: vi.fn(),
  messageOr: vi.fn(),
  setCallUser: vi.fn(),
  useConnection: { getState: () => ({ setSessionEnded: vi.fn() }) },
}));
vi.mock('../state/session', () => ({
  useSession: { getState: () => ({ start: () => Promise.resolve() }) },
}));

describe('moving the browser to another account', () => {
  it("leaves this visit's view changes behind with the account that made them", async () => {
    const ui = useUi.getState();
    ui.setDisplay({ showInfo: false, zoom: 4 }, 'board-1');
    ui.patchListVs('list-1', { zoom: 5 });
    ui.patchItemVs('item-1', { open: false });
    // A note typed and cancelled in the last account: not the next one's to find.
    draftsFor('u-reader');
    const key = draftKey('note', {
      target: { multilistId: 'board-1', listId: 'list-1', itemId: 'item-1', text: null },
    });
    keepDraft(
      key,
      [{ name: 'text', label: 'Your note', type: 'textarea' }],
      { text: 'Mine' },
      draftAccount(),
    );
    await enterSession(null);
    expect(draftOf(key)).toBeUndefined();
    const after = useUi.getState();
    expect(after.visitDisplay).toEqual({});
    expect(after.listVs).toEqual({});
    expect(after.itemVs).toEqual({});
  });
});
