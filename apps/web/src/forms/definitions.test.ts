import { describe, expect, it } from 'vitest';
import { FORM_BY_ID, LAZY_AREAS, formFacts, hasForm, loadForm } from './definitions';

describe('the form registry', () => {
  it('lists each form of an area loaded on demand, with what the board reads before it loads', async () => {
    for (const area of LAZY_AREAS) {
      const defs = await area.load();
      expect(defs.map((d) => d.id).sort()).toEqual(Object.keys(area.forms).sort());
      for (const d of defs) {
        expect({ id: d.id, confirm: d.confirm === true, edits: d.edits === true }).toEqual({
          id: d.id,
          confirm: area.forms[d.id]?.confirm === true,
          edits: area.forms[d.id]?.edits === true,
        });
      }
    }
  });

  it('has one form per id, whether it comes with the app or is loaded', async () => {
    const lazy = LAZY_AREAS.flatMap((a) => Object.keys(a.forms));
    const all = [...FORM_BY_ID.keys(), ...lazy];
    expect(new Set(all).size).toBe(all.length);
    expect(hasForm('login')).toBe(true);
    expect(hasForm('nope')).toBe(false);
    expect(formFacts('deleteBoard')?.confirm).toBe(true);
    expect(formFacts('editItem')?.edits).toBe(true);
    expect((await loadForm('login'))?.label).toBeTruthy();
    expect(await loadForm('nope')).toBeUndefined();
  });
});
