/** An Insight answer for a screen test: a board with nothing counted, `patch` setting the rest. */
import type { BoardInsight } from '@listboard/core/api/contracts/insight';

/** Every figure at nought, readers apart. */
export const ZERO_FIGURES = {
  notes: 0,
  questions: 0,
  pending: 0,
  answered: 0,
  dismissed: 0,
  replies: 0,
};

export const boardInsight = (patch: Partial<BoardInsight> = {}): BoardInsight => ({
  multilistId: 'b',
  owner: 'maya',
  title: 'Course',
  ptitle: 'course',
  scope: 'board',
  totals: { ...ZERO_FIGURES, readers: 0 },
  items: [],
  lists: [],
  readers: [],
  groups: [],
  confusion: [],
  tags: [],
  timeline: [],
  ...patch,
});
