/**
 * The parts of a course link on the Course grades page: its weights form and a learner's row,
 * whose score and comment the instructor sets.
 */
import { useState, type SyntheticEvent } from 'react';
import type { CourseLink, GradeWeights, LearnerGrade } from '@listboard/core/api/contracts/lti';
import { callApi, messageOr } from '../api/client';
import { when } from '../pages/format';

export type LinkRef = { multilistId: string; platformId: string; resourceLinkId: string };
export type Say = (text: string) => void;

export const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

const WEIGHT_FIELDS: [keyof GradeWeights, string][] = [
  ['note', 'Points per note'],
  ['reply', 'Points per reply'],
  ['word', 'Points per word'],
  ['late', 'Late work earns (%)'],
  ['helpful', 'Points per Helpful mark'],
];

const FROM: Record<CourseLink['weightsFrom'], string> = {
  page: 'Set on this page.',
  platform: "From the link's custom parameters in the course site.",
  default: 'The defaults.',
};

/**
 * What counts as late, and what it earns: by the board's date, each list's own, or, for a link
 * placed at one section, that list's date (else the board's).
 */
export function lateWords(
  due: string | null,
  listDues: number,
  share: string,
  section = false,
): string {
  if (!due && listDues === 0)
    return section
      ? 'Neither this section nor the board has a due date, so nothing is late.'
      : 'The board has no due date, so nothing is late: set one in Board settings.';
  const lists = `${listDues} ${listDues === 1 ? 'list' : 'lists'}`;
  const after = !due
    ? `after their list's notes were due (${lists} ${listDues === 1 ? 'has' : 'have'} a date)`
    : section
      ? `on the section after they were due (${when(due)})`
      : listDues === 0
        ? `after the board's notes were due (${when(due)})`
        : `after they were due (${when(due)}, or their list's own date on ${lists})`;
  return `Notes and replies written ${after} earn ${share}% of their points.`;
}

export function Weights({
  link,
  at,
  due,
  listDues,
  say,
  done,
}: {
  link: CourseLink;
  at: LinkRef;
  /** When the board's notes are due (ISO 8601), or null. */
  due: string | null;
  /** How many of its lists have a date of their own; with neither, nothing is late. */
  listDues: number;
  say: Say;
  done: () => void;
}) {
  const [form, setForm] = useState(() =>
    Object.fromEntries(WEIGHT_FIELDS.map(([k]) => [k, String(link.weights[k])])),
  );
  const save = async (weights: GradeWeights | null) => {
    const r = await callApi('/api/forms/set_grade_weights', { ...at, weights });
    say(
      r.ok
        ? weights
          ? 'Weights saved.'
          : "The course site's weights apply again."
        : messageOr(r.error, 'The weights were not saved.'),
    );
    if (r.ok) done();
  };
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    const weights = Object.fromEntries(
      WEIGHT_FIELDS.map(([k]) => [k, Number(form[k])]),
    ) as GradeWeights;
    const bad = WEIGHT_FIELDS.find(
      ([k]) =>
        !(form[k] ?? '').trim() ||
        !Number.isFinite(weights[k]) ||
        weights[k] < 0 ||
        weights[k] > 100,
    );
    if (bad) {
      say(`${bad[1]} must be a number from 0 to 100.`);
      return;
    }
    void save(weights);
  };
  return (
    <form
      noValidate
      className="grade-weights"
      onSubmit={submit}
      aria-label={`Weights of ${link.title || 'the link'}`}
    >
      {WEIGHT_FIELDS.map(([k, label]) => (
        <label key={k}>
          {label}
          <input
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step="any"
            value={form[k] ?? ''}
            onChange={(e) => setForm({ ...form, [k]: e.target.value })}
          />
        </label>
      ))}
      <button type="submit" className="tool">
        Save weights
      </button>
      {link.weightsFrom === 'page' && (
        <button type="button" className="tool" onClick={() => void save(null)}>
          Use the course site’s weights
        </button>
      )}
      <p className="hint">
        {FROM[link.weightsFrom]} A score is the points, up to {link.scoreMaximum}.{' '}
        {lateWords(due, listDues, points(link.weights.late), link.section !== null)}
      </p>
    </form>
  );
}

export function LearnerRow({
  learner,
  at,
  late,
  say,
  done,
}: {
  learner: LearnerGrade;
  at: LinkRef;
  /** Whether the table has a Late column (a board with a due date). */
  late: boolean;
  say: Say;
  done: () => void;
}) {
  const [score, setScore] = useState(learner.override === null ? '' : String(learner.override));
  const [comment, setComment] = useState(learner.comment);
  const name = learner.fullname || learner.username;
  const save = async (e: SyntheticEvent) => {
    e.preventDefault();
    const text = score.trim();
    const value = text === '' ? null : Number(text);
    if (value !== null && (!Number.isFinite(value) || value < 0 || value > 100)) {
      say(`${name}: the score must be a number from 0 to 100, or empty for the counted one.`);
      return;
    }
    const r = await callApi('/api/forms/set_grade', {
      ...at,
      userId: learner.userId,
      score: value,
      comment,
    });
    if (!r.ok) {
      say(messageOr(r.error, `${name}: the score was not saved.`));
      return;
    }
    say(
      value === null
        ? `${name}: the counted score applies.`
        : `${name}: score set to ${points(value)}.`,
    );
    done();
  };
  const form = `grade-${learner.userId}`;
  return (
    <tr>
      <th scope="row">
        {name}
        {learner.fullname && <small> ({learner.username})</small>}
      </th>
      <td className="num">{learner.notes}</td>
      <td className="num">{learner.replies}</td>
      <td className="num">{learner.words}</td>
      <td className="num">{learner.helpful}</td>
      {late && <td className="num">{learner.late}</td>}
      <td className="num">{points(learner.counted)}</td>
      <td>
        <form id={form} noValidate onSubmit={(e) => void save(e)} />
        <input
          form={form}
          className="grade-score"
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step="any"
          placeholder={points(learner.counted)}
          aria-label={`Score for ${name}`}
          value={score}
          onChange={(e) => setScore(e.target.value)}
        />
      </td>
      <td>
        <input
          form={form}
          className="grade-comment"
          maxLength={1000}
          aria-label={`Comment for ${name}`}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </td>
      <td>
        <button
          form={form}
          type="submit"
          className="tool"
          aria-label={`Save the score for ${name}`}
        >
          Save
        </button>
      </td>
      <td className="num">
        {learner.sentScore === null ? (
          <span className="muted">not yet</span>
        ) : (
          <>
            {points(learner.sentScore)}
            <br />
            <small className="muted">{when(learner.sent ?? '')}</small>
          </>
        )}
      </td>
    </tr>
  );
}
