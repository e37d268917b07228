/**
 * The Course grades page of a board (/{owner}/{board}/grades), for its authors: each course
 * link (LTI resource link) that opens the board, its learners' participation and the score
 * counted from it, a score the instructor sets in its place, the weights, and the buttons that
 * send every score to the course's gradebook and read the course's roster again.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourseLink } from '@listboard/core/api/contracts/lti';
import { callApi, messageOr } from '../api/client';
import { when } from '../pages/format';
import { counted } from '@listboard/core';
import { boardPageStatus } from '../insight/BoardPageStatus';
import { useBoardPage } from '../insight/useBoardPage';
import { TableScroll } from '../insight/TableScroll';
import '../insight/insight.css';
import './grades.css';
import { LearnerRow, Weights, type LinkRef } from './GradeParts';

function LinkSection({
  link,
  multilistId,
  done,
}: {
  link: CourseLink;
  multilistId: string;
  done: () => void;
}) {
  // When the notes it grades are due (its section's own date, else the board's), and for the
  // whole board how many lists have their own.
  const { notesDue: due, listDates: listDues } = link;
  const [message, setMessage] = useState('');
  // Whether anything can be late: a date on the board or on one of its lists.
  const lates = due !== null || listDues > 0;
  const [busy, setBusy] = useState<'send' | 'roster' | null>(null);
  const at: LinkRef = {
    multilistId,
    platformId: link.platformId,
    resourceLinkId: link.resourceLinkId,
  };
  const run = async (what: 'send' | 'roster') => {
    setBusy(what);
    setMessage(what === 'send' ? 'Sending the scores…' : 'Reading the roster…');
    if (what === 'send') {
      const r = await callApi('/api/forms/send_grades', at);
      setMessage(
        r.ok
          ? `${counted(r.value.sent, 'score', 'scores')} sent to the gradebook.`
          : messageOr(r.error, 'The scores were not sent.'),
      );
    } else {
      const r = await callApi('/api/forms/sync_course_roster', at);
      setMessage(
        r.ok
          ? `Roster read: ${counted(r.value.active, 'member', 'members')}; ${counted(r.value.left, 'member', 'members')} left the course group.`
          : messageOr(r.error, 'The roster was not read.'),
      );
    }
    setBusy(null);
    done();
  };
  const headingId = `link-${link.platformId}-${link.resourceLinkId}`.replace(/[^\w-]/g, '_');
  return (
    <section aria-labelledby={headingId} className="grade-link">
      <h2 id={headingId}>{link.title || 'Untitled link'}</h2>
      <p className="hint">
        {link.course ? `In the course ${link.course}` : 'Outside any course'} · {link.issuer}
        {link.section && ` · opens at the section #${link.section} and counts the notes on it`}
      </p>
      <div className="insight-actions">
        <button
          type="button"
          className="tool"
          disabled={!link.graded || busy !== null}
          onClick={() => void run('send')}
        >
          Send scores now
        </button>
        {link.roster && (
          <button
            type="button"
            className="tool"
            disabled={busy !== null}
            onClick={() => void run('roster')}
          >
            Read the roster again
          </button>
        )}
        {link.rosterSynced && (
          <small className="muted">Roster read {when(link.rosterSynced)}</small>
        )}
      </div>
      {!link.graded && (
        <p className="hint">
          The course site has not given this link a gradebook column. Turn grading on for the link
          there, then open it once as an instructor.
        </p>
      )}
      <p role="status" className="grade-status">
        {message}
      </p>
      <Weights
        key={JSON.stringify(link.weights)}
        link={link}
        at={at}
        due={due}
        listDues={listDues}
        say={setMessage}
        done={done}
      />
      {link.learners.length === 0 ? (
        <p className="empty">No learner has opened this link yet.</p>
      ) : (
        <TableScroll
          label={`Scores for ${link.title || 'the link'}`}
          hint="Swipe the table sideways for the score and comment."
        >
          <table className="insight-table grades-table">
            <thead>
              <tr>
                <th scope="col">Learner</th>
                <th scope="col" className="num">
                  Notes
                </th>
                <th scope="col" className="num">
                  Replies
                </th>
                <th scope="col" className="num">
                  Words
                </th>
                <th scope="col" className="num">
                  Helpful
                </th>
                {lates && (
                  <th scope="col" className="num">
                    Late
                  </th>
                )}
                <th scope="col" className="num">
                  Counted
                </th>
                <th scope="col">Score</th>
                <th scope="col">Comment</th>
                <th scope="col" aria-label="Save" />
                <th scope="col" className="num">
                  Sent
                </th>
              </tr>
            </thead>
            <tbody>
              {link.learners.map((l) => (
                <LearnerRow
                  key={`${l.userId}:${String(l.override)}:${l.comment}`}
                  learner={l}
                  at={at}
                  late={lates}
                  say={setMessage}
                  done={done}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <p className="hint">
        An empty score sends the counted one. A score you set is sent in its place, with its
        comment, at the next sending: now, or when the learner or an instructor opens the link.
      </p>
    </section>
  );
}

export function GradesScreen() {
  const { address, ptitle, board, id, ended } = useBoardPage('Course grades');
  const client = useQueryClient();
  const key = ['boards', 'page', '/api/forms/board_grades', id];
  const grades = useQuery({
    queryKey: key,
    enabled: id !== null,
    queryFn: async () => {
      const r = await callApi('/api/forms/board_grades', { multilistId: id ?? '' });
      if (!r.ok) throw new Error(messageOr(r.error, 'Could not load the grades.'));
      return r.value.links;
    },
  });
  const refresh = () => void client.invalidateQueries({ queryKey: key });
  const failed = board.error ?? grades.error;
  const links = grades.data;
  return (
    <main className="insight-page grades-page" aria-labelledby="grades-title">
      <header className="insight-head">
        <Link className="back" to={address}>
          ← Back to the board
        </Link>
        <h1 id="grades-title">Course grades: {board.data?.title ?? ptitle}</h1>
        <p className="insight-scope">
          The scores this board sends to the gradebooks of the courses it is placed in, counted from
          each learner’s notes, replies and words, and the Helpful marks classmates gave them where
          the weights give those points. Only counts are sent, never what anyone wrote.
        </p>
      </header>
      {boardPageStatus({
        address,
        board: board.data,
        failed,
        ended,
        loaded: links !== undefined,
      }) ??
        (links?.length === 0 ? (
          <p className="empty">
            This board is not placed in any course yet. In the course site, add Listboard as an
            external tool (LTI) and pick this board, or one of its sections; its learners’ scores
            then show here.
          </p>
        ) : (
          links?.map((link) => (
            <LinkSection
              key={`${link.platformId}:${link.resourceLinkId}`}
              link={link}
              multilistId={id ?? ''}
              done={refresh}
            />
          ))
        ))}
    </main>
  );
}

export default GradesScreen;
