/**
 * The web tests share two cores with the rest of the suite: a board screen drawn in the
 * background (useDeferredValue) can take longer than Testing Library's default second to show
 * there. findBy and waitFor wait up to 5 s, and return as soon as what they wait for is there.
 */
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
