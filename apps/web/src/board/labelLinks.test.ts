import { describe, expect, it } from 'vitest';
import type { Multilist } from '@listboard/core';
import { labelLinkAction } from './labelLinks';

const board = {
  lists: [
    {
      items: [
        {
          labels: [{ name: 'week', value: '1' }],
          notes: [{ annotationClass: 'anno', annoLabel: '2' }],
        },
        { labels: [], notes: [{ annotationClass: 'note', annoLabel: null }] },
      ],
    },
  ],
} as unknown as Multilist;

describe('@label and !tag links', () => {
  it('says all author notes are displayed when they are', () => {
    expect(labelLinkAction('label', '2', [board], 'annos')).toBe(
      'All author notes are currently displayed.',
    );
    expect(labelLinkAction('label', '2', [board], 'annos+notes')).toBe(
      'All author notes are currently displayed.',
    );
  });

  it('toggles an existing annotation label, and says when none has it', () => {
    expect(labelLinkAction('label', '2', [board], 'none')).toBeNull();
    expect(labelLinkAction('label', '7', [board], 'none')).toBe(
      'No annotation exists with the label you clicked.',
    );
  });

  it('toggles items by an existing tag, and says when no item carries it', () => {
    expect(labelLinkAction('tag', 'week', [board], 'none')).toBeNull();
    expect(labelLinkAction('tag', 'exam', [board], 'none')).toBe(
      'No label exists with the label you clicked.',
    );
  });
});
