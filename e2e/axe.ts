/**
 * axe-core's check of a page, one way for every browser test: the axe-core the project names
 * (not whichever copy @axe-core/playwright brings along, whose rules can lag: label-in-name was
 * still experimental there), run through the browser's debugging channel, which the app's CSP
 * (no inline scripts) does not stop.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe's serious and critical violations on the page as it is now, each with where it is. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page, axeSource })
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The ids of the given axe rules the page breaks, whatever their impact. */
export async function ruleViolations(page: Page, rules: string[]): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page, axeSource }).withRules(rules).analyze();
  return violations.map((v) => v.id);
}
