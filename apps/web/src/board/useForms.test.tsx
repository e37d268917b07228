import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useUi } from '../state/ui';
import { useForms } from './useForms';

afterEach(() => {
  act(() => {
    useUi.getState().setForm(null);
    useUi.getState().clearSelection();
  });
});

describe('opening a form', () => {
  it('takes the selection as it is now, though the page has not drawn again since it changed', () => {
    act(() => useUi.getState().select({ multilistId: 'b', listId: 'l', itemId: 'i', text: null }));
    const { result } = renderHook(() => useForms());
    // As the page drew it: the item is selected, no words in it.
    const { openForm } = result.current;
    // Words selected in the item are read into the store by the key that acts on them (alt+n),
    // which opens its form at once, before the page draws again.
    useUi.getState().select({ text: 'the cat' });
    openForm('note');
    expect(useUi.getState().form).toMatchObject({
      id: 'note',
      target: { itemId: 'i', text: 'the cat' },
    });
  });
});
