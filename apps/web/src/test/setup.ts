/**
 * The web tests share two cores with the rest of the suite: a board screen drawn in the
 * background (useDeferredValue) can take longer than Testing Library's default second to show
 * there. findBy and waitFor wait up to 15 s (a test may take 30 s: vitest.config.ts), and return as
 * soon as what they wait for is there.
 */
import { afterEach } from 'vitest';
import { configure } from '@testing-library/react';
import { hushAnnouncements } from '../state/announce';
import { stopFocusBacks } from '../forms/focusBack';
import { forgetAllDrafts } from '../forms/drafts';

configure({ asyncUtilTimeout: 15_000 });

// Files share their modules (vitest.config.ts, isolate: false): words a form's submit left to be
// said a moment later must not be said during the next file's tests.
afterEach(hushAnnouncements);
// Nor may focus given back after a form closed go on following its place (for 5 s) into the next
// test, or past the end of the page it was on.
afterEach(stopFocusBacks);
// Nor may words a test typed in a form and left come back in the next test's form.
afterEach(() => forgetAllDrafts());
