/**
 * Notes and replies per day over a chosen range (uPlot): a preset (7, 30 or 90 days, or all) or
 * any From and To. Days without notes count as 0, so the line keeps time's true shape.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { InsightDay } from '@listboard/core/api/contracts/insight';
import { counted } from '@listboard/core';
import { DAY_MS, dayOf, daysInRange } from './range';

const PRESETS = [
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
  { label: 'All', days: 0 },
] as const;

const DAY_S = DAY_MS / 1000;
/** The spacings the time axis may put its marks at: days, weeks, months. */
const DAY_MARKS = [1, 2, 7, 14, 28, 56, 91, 182, 364].map((n) => n * DAY_S);

function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}

function Plot({ days }: { days: InsightDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const text = cssVar('--text', '#1d2733');
    const line = cssVar('--line', '#dde3ea');
    const axis = { stroke: text, grid: { stroke: line }, ticks: { stroke: line } };
    // Each day at the reader's own midnight, where the time axis puts its day marks.
    const xs = days.map((d) => Date.parse(`${d.day}T00:00:00`) / 1000);
    // The range shown is the days chosen, half a day either side, whatever the data holds: a
    // single day still shows as a day, not as years.
    const from = (xs[0] ?? Date.now() / 1000) - 43_200;
    const to = (xs.at(-1) ?? Date.now() / 1000) + 43_200;
    // Counts are per day: the time axis marks days (a day, a week, a month apart as there is
    // room), never hours.
    const dayMark = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
    const timeAxis = {
      ...axis,
      incrs: DAY_MARKS,
      values: (_u: uPlot, marks: number[]) => marks.map((s) => dayMark.format(s * 1000)),
    };
    const plot = new uPlot(
      {
        width: Math.max(240, el.clientWidth),
        height: 220,
        scales: {
          x: { time: true, range: () => [from, to] },
          y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] },
        },
        axes: [timeAxis, { ...axis, size: 40 }],
        series: [
          {
            label: 'Day',
            value: (_u: uPlot, at: number | null) =>
              at === null ? '--' : dayMark.format(at * 1000),
          },
          { label: 'Notes', stroke: cssVar('--accent', '#2f5d8a'), width: 2, points: { size: 5 } },
          { label: 'Replies', stroke: '#c2610c', width: 2, dash: [6, 4], points: { size: 5 } },
        ],
      },
      [xs, days.map((d) => d.notes), days.map((d) => d.replies)],
      el,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(240, el.clientWidth), height: 220 }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days]);
  return <div ref={box} className="activity-plot" />;
}

export function ActivityChart({ timeline }: { timeline: readonly InsightDay[] }) {
  const today = dayOf(Date.now());
  const first = timeline[0]?.day ?? today;
  const [range, setRange] = useState({ from: first < today ? first : today, to: today });
  const days = useMemo(() => daysInRange(timeline, range.from, range.to), [timeline, range]);
  const notes = days.reduce((s, d) => s + d.notes, 0);
  const replies = days.reduce((s, d) => s + d.replies, 0);
  const said = `${counted(notes, 'note')}, ${counted(replies, 'reply', 'replies')}`;
  const preset = (n: number) =>
    setRange({
      from: n === 0 ? (first < today ? first : today) : dayOf(Date.now() - (n - 1) * DAY_MS),
      to: today,
    });
  return (
    <figure className="activity-chart">
      <div className="chart-range" role="group" aria-label="Time range">
        {PRESETS.map((p) => (
          <button key={p.label} type="button" className="tool" onClick={() => preset(p.days)}>
            {p.label}
          </button>
        ))}
        <label>
          From{' '}
          <input
            type="date"
            value={range.from}
            max={range.to}
            onChange={(e) => e.target.value && setRange({ ...range, from: e.target.value })}
          />
        </label>
        <label>
          To{' '}
          <input
            type="date"
            value={range.to}
            min={range.from}
            onChange={(e) => e.target.value && setRange({ ...range, to: e.target.value })}
          />
        </label>
      </div>
      <div
        role="img"
        aria-label={`Notes and replies per day from ${range.from} to ${range.to}: ${said}`}
      >
        <Plot days={days} />
      </div>
      <figcaption>
        {range.from} to {range.to}: {said}
      </figcaption>
    </figure>
  );
}
