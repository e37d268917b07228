/**
 * Markup throughput: blocks per second when parsing the text of a 10,000-item board, against a
 * baseline measured in the same run (splitting the same text at blank lines, which is the least
 * any parser must do).
 */
import { performance } from 'node:perf_hooks';
import { textToBlocks } from '@listboard/core';

const SAMPLES = [
  '## Week {n}: sources\n\nRead the *two* articles and compare them.\n\n- who is quoted\n- who paid',
  '/media/lecture.webm 0:10-1:20 # /media/lecture-poster.jpg ~ Lecture {n}',
  '```js\nconst x = {n};\nconsole.log(x);\n```\n\nSee [the guide](/admin/help).',
  '$$\\int_0^{n} x\\,dx$$\n\n| a | b |\n| --- | --- |\n| {n} | 2 |',
  'A plain paragraph about item {n}, with a link to https://example.org/{n} and some words.',
];

export function markupBench(items = 10_000) {
  const texts = Array.from({ length: items }, (_, i) =>
    SAMPLES[i % SAMPLES.length]!.replaceAll('{n}', String(i)),
  );
  const run = (fn: (t: string) => number) => {
    let blocks = 0;
    const t0 = performance.now();
    for (const t of texts) blocks += fn(t);
    return { blocks, ms: performance.now() - t0 };
  };
  run((t) => textToBlocks(t).length); // warm up
  const parse = run((t) => textToBlocks(t).length);
  const split = run((t) => t.split(/\n\s*\n/).filter((s) => s.trim()).length);
  const rate = (r: { blocks: number; ms: number }) => (r.blocks / r.ms) * 1000;
  console.log(
    `markup, ${items.toLocaleString('en')} items, ${parse.blocks.toLocaleString('en')} blocks:`,
  );
  console.log(
    `  textToBlocks         : ${Math.round(rate(parse)).toLocaleString('en')} blocks/s (${parse.ms.toFixed(0)} ms)`,
  );
  console.log(
    `  blank-line split     : ${Math.round(rate(split)).toLocaleString('en')} blocks/s (baseline)`,
  );
  console.log(`  ratio of baseline    : ${(rate(parse) / rate(split)).toFixed(3)}`);
  return { blocks: parse.blocks, blocksPerSecond: rate(parse), baselinePerSecond: rate(split) };
}
