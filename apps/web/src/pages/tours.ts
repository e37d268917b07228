/**
 * Guided tours (spec sections 2 and 4): author (home, profile, listings, discussion), reader
 * (home, profile) and demo (home, about). Each is a walk through the controls of that page; a
 * step whose control is not on screen (a narrower toolbar, an empty board) is left out.
 *
 * This module decides which tour applies and whether it starts by itself; tour.ts runs it.
 */
import { can, isGuestUser, navigationMsg, parseAddress, type PublicUser } from '@listboard/core';
import { CUSTOM_PAGES } from '@listboard/core/api/search';
import { namedPageOf } from './registry';

export type TourRole = 'author' | 'reader' | 'demo';
export type TourPage = 'home' | 'profile' | 'listings' | 'discussion' | 'about';

export interface TourStep {
  /** A CSS selector; none shows the step in the middle of the screen. */
  element?: string;
  title: string;
  description: string;
}

// The bar's own button, not the menu entry of the same name.
const tool = (label: string) => `.controls-bar .tool[aria-label="${label}"]`;

const welcome = (what: string, title = 'Welcome to Listboard'): TourStep => ({
  title,
  description: `${what} Use Next and Previous, or the arrow keys; Escape ends the tour at any step.`,
});

const READING: TourStep[] = [
  {
    element: '.board .list',
    title: 'Lists side by side',
    description:
      'A board is a row of lists. Scroll sideways for more lists, and down inside a list for more items. Click or tap an item to select it, and again to let go.',
  },
  {
    element: tool('Show notes'),
    title: 'Notes',
    description:
      'Shows or hides notes on items: none, the author’s annotations, or annotations and reader notes. alt+m does the same.',
  },
  {
    element: tool('Zoom in'),
    title: 'Zoom',
    description:
      'Wider or narrower lists. The keys are ctrl+z and ctrl+y; your zoom is kept per board.',
  },
];

const ENDING: TourStep[] = [
  {
    element: tool('Help'),
    title: 'The user guide',
    description:
      'Opens the user guide beside your board. Press Help again, or go back, to return where you were.',
  },
  {
    element: tool('Tour'),
    title: 'This tour',
    description:
      'Runs this tour again whenever you like. Pressing it while a tour runs ends the tour.',
  },
];

const DASHBOARD: TourStep = {
  element: '[data-tour="dashboard"]',
  title: 'Your dashboard',
  description:
    'Your own pages: Profile (your details and alerts), Listings (boards you wrote and notes you left), Discussion (notes from readers), Help and Home.',
};

const PROFILE_STEPS: TourStep[] = [
  welcome('The details other readers see, and how Listboard reaches you.', 'Your profile'),
  {
    element: '[data-tour="profile-fields"]',
    title: 'Your details',
    description:
      'Name, title, phone and a short bio. Your e-mail address is shown only to you and the site admin.',
  },
  {
    element: '[data-tour="profile-alerts"]',
    title: 'Alerts',
    description:
      'How you hear about notes on your boards: by text, by e-mail, or both. At least one stays on.',
  },
  {
    element: '[data-tour="profile-edit"]',
    title: 'Edit your profile',
    description: 'Opens the form to change any of these. Only the fields you change are sent.',
  },
  ...ENDING,
];

/** Every tour there is, by role and page. */
export const TOURS: Record<TourRole, Partial<Record<TourPage, TourStep[]>>> = {
  author: {
    home: [
      welcome('This is your home board. A short walk through the controls you will use most.'),
      DASHBOARD,
      ...READING,
      {
        element: tool('New board'),
        title: 'New board',
        description:
          'Starts a board of your own: give it a title, then add lists and items. Link to it from here so you can find it again.',
      },
      {
        element: tool('Insert list'),
        title: 'Lists and items',
        description:
          'Adds a list to the board on screen. With a list selected, Insert item adds an item; i edits the selected item, and shift+? shows every key.',
      },
      ...ENDING,
    ],
    profile: PROFILE_STEPS,
    listings: [
      welcome('Everything you have written, found by the searches below.', 'Listings'),
      {
        element: '.page-tabs',
        title: 'One tab per listing',
        description:
          'Boards you authored or coauthor, boards you annotated, your annotations and notes, and notes left for your group.',
      },
      {
        element: '.board .list',
        title: 'Results by week',
        description:
          'Each list holds a week, newest first. Follow a result’s link to open its board beside this page.',
      },
      ...ENDING,
    ],
    discussion: [
      welcome(
        'Notes readers left on your boards, and on those you coauthor or edit, waiting for you.',
        'Discussion',
      ),
      {
        element: '.page-tabs',
        title: 'Pending, answered, dismissed',
        description:
          'New notes wait under Pending. Answer one to move it to Answered, or dismiss it when it needs no reply; both can still be replied to.',
      },
      {
        element: '.board .list',
        title: 'Notes by week',
        description:
          'Each note shows the item it was left on. Reply, Answer and Dismiss sit under the note. For one board’s notes alone, choose Discussion of this board from that board’s Annotate menu; for one reader group’s, choose it under Group once your boards have groups.',
      },
      ...ENDING,
    ],
  },
  reader: {
    home: [
      welcome('This is your home board. A short walk through what you can do here.'),
      DASHBOARD,
      ...READING,
      {
        element: tool('Note'),
        title: 'Leave a note',
        description:
          'Select an item, or a few words inside one, then press Note. The board’s author sees it on their Discussion page.',
      },
      ...ENDING,
    ],
    profile: PROFILE_STEPS,
  },
  demo: {
    home: [
      welcome('You are trying Listboard with a demo account. Here is where to look first.'),
      {
        element: '[data-tour="dashboard"]',
        title: 'Start here',
        description:
          'About says what Listboard is for; Contents lists boards to explore; Help is the user guide.',
      },
      ...READING,
      ...ENDING,
    ],
    about: [
      welcome('What Listboard is and who it is for.', 'About Listboard'),
      {
        element: '[data-tour="about-what"]',
        title: 'What it does',
        description: 'Boards of lists, read side by side, annotated by authors and readers.',
      },
      {
        element: '[data-tour="about-links"]',
        title: 'Where to go next',
        description: 'The user guide, and what this site keeps about you and asks of you.',
      },
      ...ENDING,
    ],
  },
};

/** Demo accounts get the demo tours; authors (and the admin) the author tours; others reader. */
export function tourRoleOf(user: PublicUser | null): TourRole | null {
  if (!user || isGuestUser(user)) return null;
  if (user.roles.includes('demo')) return 'demo';
  if (user.roles.includes('author') || user.roles.includes('lbadmin')) return 'author';
  return 'reader';
}

export interface TourPlace {
  page: TourPage | null;
  owner: string;
  /** How the 'no tour' message names the page. */
  title: string;
}

/** Which page is on screen, and whose: the last board of the address, or the named page. */
export function tourPlaceOf(pathname: string, search: string): TourPlace {
  const segments = parseAddress(pathname).segments;
  const last = segments[segments.length - 1];
  const owner = last?.owner ?? '';
  const code = new URLSearchParams(search).get('code');
  const named = namedPageOf(search);
  if (named) {
    const page = named === 'profile' || named === 'about' ? named : null;
    return { page, owner, title: named };
  }
  if (code) {
    const page = CUSTOM_PAGES.Listings.some((c) => c === code)
      ? 'listings'
      : CUSTOM_PAGES.Discussion.some((c) => c === code)
        ? 'discussion'
        : null;
    return { page, owner, title: page ?? code };
  }
  const title = last?.title ?? '';
  return { page: title === 'home' && segments.length === 1 ? 'home' : null, owner, title };
}

export const tourCategory = (role: TourRole, page: TourPage) => `${role}-${page}`;

export function touredCategories(user: PublicUser | null): string[] {
  const t = user?.fields.touredBoardCategs;
  return Array.isArray(t) ? (t as string[]) : [];
}

export type TourChoice =
  { kind: 'start'; category: string; steps: TourStep[] } | { kind: 'refuse'; message: string };

/**
 * What pressing the tour button does here: the tour of this page for this user, or the reason
 * there is none. A tour is only for the owner of what is on screen (spec section 6).
 */
export function chooseTour(
  user: PublicUser | null,
  place: TourPlace,
  env: { ios18: boolean },
): TourChoice {
  if (env.ios18) return { kind: 'refuse', message: navigationMsg.tourDisabledIos18 };
  const role = tourRoleOf(user);
  const steps = role && place.page ? TOURS[role][place.page] : undefined;
  const owner =
    user !== null && can(user, { owner: place.owner }, 'tour', { appVersion: 'PRODUCTION' });
  if (!role || !place.page || !steps || !owner) {
    return {
      kind: 'refuse',
      message: navigationMsg.noTourFor(user?.username ?? 'guest', place.owner, place.title),
    };
  }
  return { kind: 'start', category: tourCategory(role, place.page), steps };
}

/**
 * Whether the tour starts by itself: until its category has been toured once, for the owner
 * only, never under automated testing (navigator.webdriver) and never on iOS 18.
 */
export function autoTour(
  user: PublicUser | null,
  place: TourPlace,
  env: { ios18: boolean; webdriver: boolean },
): Extract<TourChoice, { kind: 'start' }> | null {
  if (env.webdriver || env.ios18) return null;
  const choice = chooseTour(user, place, env);
  if (choice.kind !== 'start') return null;
  return touredCategories(user).includes(choice.category) ? null : choice;
}

/** iOS 18 (iPhone, iPod, and iPad also when it presents itself as a Mac). */
export function isIos18(ua: string, maxTouchPoints = 0): boolean {
  if (/\b(iPhone|iPad|iPod)\b/.test(ua)) return /\bOS 18_\d/.test(ua);
  return /Macintosh/.test(ua) && maxTouchPoints > 1 && /Version\/18\./.test(ua);
}

/** What the tour rules need to know about this browser. */
export const tourEnv = () => ({
  webdriver: navigator.webdriver,
  ios18: isIos18(navigator.userAgent, navigator.maxTouchPoints),
});
