import { describe, expect, it, vi } from 'vitest';
import { useUi } from '../state/ui';
import { enterSession } from './session';

vi.mock('../api/client', () => ({
  callApi: vi.fn(),
  messageOr: vi.fn(),
  setCallUser: vi.fn(),
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
    await enterSession(null);
    const after = useUi.getState();
    expect(after.visitDisplay).toEqual({});
    expect(after.listVs).toEqual({});
    expect(after.itemVs).toEqual({});
  });
});
