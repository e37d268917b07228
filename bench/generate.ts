/** Deterministic board data for benchmarks: a board of N items spread over L lists. */
import type { BoardSpec } from '../apps/server/src/services/boards/create';

export function bigBoard(owner: string, title: string, items: number, listCount = 10): BoardSpec {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const words = [
    'source',
    'frame',
    'evidence',
    'quote',
    'headline',
    'claim',
    'reader',
    'note',
    'week',
    'prompt',
  ];
  const sentence = (n: number) =>
    Array.from({ length: n }, () => words[Math.floor(rand() * words.length)]).join(' ');
  const perList = Math.ceil(items / listCount);
  return {
    owner,
    title,
    lists: Array.from({ length: listCount }, (_, li) => ({
      title: `List ${li + 1}`,
      items: Array.from({ length: Math.min(perList, items - li * perList) }, (_, ii) =>
        ii % 10 === 0
          ? `### Item ${ii}\n\n/media/lecture.webm # /media/lecture-poster.jpg ~ clip ${ii}`
          : `### Item ${ii}\n\n${sentence(20)}.\n\n- ${sentence(5)}\n- ${sentence(5)}`,
      ),
    })),
  };
}
