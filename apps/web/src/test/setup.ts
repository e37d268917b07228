/**
 * The web tests share two cores with the rest of the suite: a board screen drawn in the
 * background (useDeferredValue) can take longer than Testing Library's default second to show
 * there. findBy and waitFor wait up to 15 s (a test may take 30 s: vitest.config.ts), and return as
 * soon as what they wait for is there.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 15_000 });
