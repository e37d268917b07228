/** The named pages, the help board, the users board and the guided tour. */
import { canSite } from '@listboard/core';
import { useSession } from '../state/session';
import { pageHref } from '../pages/registry';
import { toggleHelp } from '../pages/help';
import { startTour, stopTour, tourActive } from '../pages/tour';
import { BookOpenText, CircleHelp, CircleUserRound, Flag, Info, Users } from 'lucide-react';
import type { Command } from './registry';
import { signedIn, userOf } from './helpers';

export const PAGES_COMMANDS: Command[] = [
  {
    id: 'help',
    label: 'Help',
    group: 'help',
    toolbar: true,
    icon: CircleHelp,
    run: (c) => toggleHelp(c.actions, useSession.getState().adminUser),
  },
  {
    id: 'users',
    label: 'Users',
    group: 'navigate',
    icon: Users,
    visible: (c) => canSite(c.user, 'usersOnline'),
    run: (c) => c.actions.navigate(pageHref(userOf(c).username, 'users')),
  },
  {
    id: 'profile',
    label: 'Profile',
    group: 'account',
    icon: CircleUserRound,
    visible: signedIn,
    run: (c) => c.actions.navigate(pageHref(userOf(c).username, 'profile')),
  },
  {
    id: 'about',
    label: 'About',
    group: 'help',
    icon: Info,
    visible: signedIn,
    run: (c) => c.actions.navigate(pageHref(userOf(c).username, 'about')),
  },
  {
    id: 'contents',
    label: 'Contents',
    group: 'navigate',
    icon: BookOpenText,
    visible: signedIn,
    run: (c) => c.actions.navigate(pageHref(userOf(c).username, 'contents')),
  },
  {
    id: 'tour',
    label: 'Tour',
    group: 'help',
    toolbar: true,
    icon: Flag,
    visible: signedIn,
    run(c) {
      // Toggled: pressing it during a tour ends the tour (and records it as toured).
      if (tourActive()) {
        stopTour();
        return;
      }
      // The tours and their rules are loaded with the first tour, not with the app.
      const { pathname, search } = window.location;
      void import('../pages/tours').then(({ chooseTour, tourEnv, tourPlaceOf }) => {
        const choice = chooseTour(c.user, tourPlaceOf(pathname, search), tourEnv());
        if (choice.kind === 'refuse') c.actions.alert(choice.message);
        else startTour(choice.category, choice.steps);
      });
    },
  },
];
