/** The load form's answers (`/api/forms/load` and its progress stream `load_stream`). */

/** The board a load made. */
export interface LoadedBoard {
  multilistId: string;
  owner: string;
  title: string;
  ptitle: string;
  lists: number;
  items: number;
}

/** How far a load has got. */
export type LoadProgress =
  | { phase: 'fetching'; url: string }
  | { phase: 'reading'; source: string; done: number; total: number }
  | { phase: 'writing'; done: number; total: number; items: number };

/** One line of the progress stream: progress, then the board made or the error. */
export type StreamLine =
  | LoadProgress
  | { phase: 'done'; board: LoadedBoard }
  | { phase: 'error'; status: number; error: string };
