import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/client';
import { useViewport } from '../board/useViewport';
import { dueShort } from '../board/DueLine';
import { DashboardBoards } from './BoardNews';

/** How often the due dates are asked again while the home stays open. */
const DUE_EVERY_MS = 60_000;

/** "you wrote nothing yet", "you wrote 3". */
const wroteWords = (n: number) => (n === 0 ? 'you wrote nothing yet' : `you wrote ${String(n)}`);

/**
 * On a home's dashboard: the boards one reads whose notes are due (boards_due: those one visited
 * and those given to a private group of one's own, the soonest first), each a link to the board with when it is due and how much one has written on
 * it, so a student sees at a glance what is left to do. Asked when the home opens, every minute
 * while it stays open, and whenever the boards are asked again. On a phone (`strip`) a row of its
 * own under the dashboard's strip, as what is new is, saying only how far off each date is.
 * Loaded with the first home that shows it.
 */
export default function BoardDue({ username, strip }: { username: string; strip: boolean }) {
  const { device } = useViewport();
  const asked = useQuery({
    queryKey: ['boards', 'due', username, device],
    staleTime: 0,
    refetchInterval: DUE_EVERY_MS,
    refetchOnWindowFocus: true,
    queryFn: async () => {
      const r = await callApi('/api/dbload/boards_due', { device });
      return r.ok ? r.value : [];
    },
  });
  return (
    <DashboardBoards
      username={username}
      strip={strip}
      heading={['Due', ' on boards you read']}
      entries={(asked.data ?? []).map((e) => ({
        ...e,
        what: `${e.list ? `${e.list}: ` : ''}${dueShort(e.notesDue, new Date(), strip)} · ${wroteWords(e.wrote)}`,
      }))}
    />
  );
}
