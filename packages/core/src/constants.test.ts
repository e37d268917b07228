import { describe, expect, it } from 'vitest';
import {
  COLOR_CODING_OPTIONS,
  COMPACT_VIEW,
  DEFAULT_DISPLAY_MODE,
  DEFAULT_SEARCH_BUCKET,
  CUSTOM_SEARCH_BUCKET,
  DEFAULT_SECTION_DISPLAY,
  DEFAULT_THEME,
  DEFAULT_TIME_ZONE,
  DISPLAY_MODES,
  FONT_SIZE_NAMES,
  LIST_CONTAINER_HEIGHTS,
  LIST_WIDTH_STEPS,
  LIST_ZOOM_MAX,
  LIST_ZOOM_MIN,
  PDF_SCALE_STEPS,
  SEARCH_BUCKETS,
  SECTION_DISPLAY_OPTIONS,
  SECTION_NAMES,
  THEMES,
  TIME_ZONES,
  TIMINGS,
  compactListTitle,
  phoneListWidth,
} from './constants';

describe('layout constants', () => {
  it('has one PDF scale per list width step, both growing with zoom', () => {
    expect(LIST_WIDTH_STEPS).toEqual([225, 275, 325, 375, 425, 475]);
    expect(PDF_SCALE_STEPS).toHaveLength(LIST_WIDTH_STEPS.length);
    expect(PDF_SCALE_STEPS[0]).toBe(0.3);
    expect(PDF_SCALE_STEPS[PDF_SCALE_STEPS.length - 1]).toBe(0.8);
    for (let i = 1; i < PDF_SCALE_STEPS.length; i++) {
      expect(PDF_SCALE_STEPS[i]!).toBeGreaterThan(PDF_SCALE_STEPS[i - 1]!);
      expect(LIST_WIDTH_STEPS[i]!).toBeGreaterThan(LIST_WIDTH_STEPS[i - 1]!);
    }
  });

  it('bounds list zoom to 1..5', () => {
    expect([LIST_ZOOM_MIN, LIST_ZOOM_MAX]).toEqual([1, 5]);
  });

  it('makes a phone list 60 px narrower than the device', () => {
    expect(phoneListWidth(375)).toBe(315);
  });

  it('gives container heights per device kind', () => {
    expect(LIST_CONTAINER_HEIGHTS).toEqual({ phone: '62vh', tablet: '67vh', other: '85vh' });
  });

  it('maps font size names to em sizes', () => {
    expect(FONT_SIZE_NAMES.micro).toBe('0.25em');
    expect(FONT_SIZE_NAMES.normal).toBe('1em');
    expect(FONT_SIZE_NAMES.collosal).toBe('5em');
    expect(Object.keys(FONT_SIZE_NAMES)).toHaveLength(8);
  });
});

describe('compactListTitle', () => {
  it('keeps a title of up to 32 characters', () => {
    const t = 'x'.repeat(COMPACT_VIEW.titleMaxChars);
    expect(compactListTitle(t)).toBe(t);
  });

  it('cuts a longer title to 29 characters plus an ellipsis', () => {
    const t = 'abcdefghij'.repeat(4);
    expect(compactListTitle(t)).toBe('abcdefghijabcdefghijabcdefghi…');
    expect(Array.from(compactListTitle(t))).toHaveLength(30);
  });

  it('counts an emoji as one character', () => {
    const t = '😀'.repeat(33);
    expect(compactListTitle(t)).toBe('😀'.repeat(29) + '…');
  });
});

describe('defaults belong to their option lists', () => {
  it.each([
    [DEFAULT_THEME, THEMES],
    [DEFAULT_SEARCH_BUCKET, SEARCH_BUCKETS],
    [CUSTOM_SEARCH_BUCKET, SEARCH_BUCKETS],
    [DEFAULT_TIME_ZONE, TIME_ZONES],
    [DEFAULT_SECTION_DISPLAY, SECTION_DISPLAY_OPTIONS],
    [DEFAULT_DISPLAY_MODE, DISPLAY_MODES],
  ] as const)('%s', (value, options) => {
    expect(options as readonly string[]).toContain(value);
  });

  it('uses the spec defaults', () => {
    expect(DEFAULT_THEME).toBe('dark');
    expect(DEFAULT_SEARCH_BUCKET).toBe('day');
    expect(DEFAULT_TIME_ZONE).toBe('eastern');
    expect(DEFAULT_DISPLAY_MODE).toBe('append');
    expect(COLOR_CODING_OPTIONS).toEqual(['none', 'author', 'label']);
  });

  it('orders sections so that the section index names them', () => {
    expect(SECTION_NAMES.indexOf('week')).toBe(0);
    expect(SECTION_NAMES.indexOf('tip')).toBe(1);
    expect(SECTION_NAMES.indexOf('prompt')).toBe(2);
  });
});

describe('timings', () => {
  it('defaults the alert to one of the offered durations', () => {
    expect(TIMINGS.alertOptionsMs).toContain(TIMINGS.alertMs);
  });

  it('shows the password-changed alert after the reset form delay has passed', () => {
    expect(TIMINGS.passwordChangedAlertDelayMs).toBeGreaterThan(TIMINGS.resetFormDelayMs);
  });

  it('makes a list long press longer than an item long press', () => {
    expect(TIMINGS.longPressItemMs).toBe(350);
    expect(TIMINGS.longPressListMs).toBe(750);
    expect(TIMINGS.longPressLinkMs).toBe(750);
  });
});
