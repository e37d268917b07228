import { describe, expect, it } from 'vitest';
import { itemFormatSet, itemVisible, listViewStateSet, multilistViewStateSet } from './viewstate';

const prod = { appVersion: 'PRODUCTION' as const, device: 'desktop' as const };
const dev = { appVersion: 'DEVELOPMENT' as const, device: 'desktop' as const };

describe('itemVisible', () => {
  it('hides dev items in production and prod items outside it', () => {
    expect(itemVisible({ dev: true }, prod)).toBe(false);
    expect(itemVisible({ dev: true }, dev)).toBe(true);
    expect(itemVisible({ prod: true }, dev)).toBe(false);
    expect(itemVisible({ prod: true }, prod)).toBe(true);
  });

  it('shows phone, tablet and mobile items only on those devices', () => {
    expect(itemVisible({ phone: true }, prod)).toBe(false);
    expect(itemVisible({ phone: true }, { ...prod, device: 'phone' })).toBe(true);
    expect(itemVisible({ tablet: true }, { ...prod, device: 'phone' })).toBe(false);
    expect(itemVisible({ mobile: true }, { ...prod, device: 'tablet' })).toBe(true);
    expect(itemVisible({ mobile: true }, prod)).toBe(false);
    expect(itemVisible({}, { ...prod, device: 'phone' })).toBe(true);
  });
});

describe('view-state whitelists', () => {
  it('accept the spec fields and refuse anything else', () => {
    expect(
      multilistViewStateSet.safeParse({ zoom: 2, showNotes: 'annos+notes', colors: 'label' })
        .success,
    ).toBe(true);
    expect(multilistViewStateSet.safeParse({ owner: 'x' }).success).toBe(false);
    expect(multilistViewStateSet.safeParse({ sectionDisplay: 'everything' }).success).toBe(false);
  });

  it('keep list zoom within 1 to 5', () => {
    expect(listViewStateSet.safeParse({ zoom: 5 }).success).toBe(true);
    expect(listViewStateSet.safeParse({ zoom: 0 }).success).toBe(false);
    expect(listViewStateSet.safeParse({ zoom: 6 }).success).toBe(false);
  });

  it('let styling set format fields only', () => {
    expect(itemFormatSet.safeParse({ bgcolor: 'yellow', textAlign: 'center' }).success).toBe(true);
    expect(itemFormatSet.safeParse({ text: 'x' }).success).toBe(false);
  });
});
