/**
 * The admin extras of the toolbar (spec sections 2 and 6): activity, users, deregister, dump; and
 * the learning platforms Listboard is registered with (docs/lti.md).
 */
import { canSite } from '@listboard/core';
import { pageHref } from '../pages/registry';
import { Activity, Database, GraduationCap, UserX, UsersRound } from 'lucide-react';
import type { Command } from './registry';
import { userOf } from './helpers';

export const ADMIN_COMMANDS: Command[] = [
  {
    id: 'activity',
    label: 'Activity',
    group: 'admin',
    toolbar: true,
    icon: Activity,
    visible: (c) => canSite(c.user, 'activity'),
    run: (c) => c.actions.navigate(pageHref(userOf(c).username, 'activity')),
  },
  {
    id: 'adminUsers',
    label: 'All users',
    group: 'admin',
    toolbar: true,
    icon: UsersRound,
    visible: (c) => canSite(c.user, 'manageUsers'),
    run: (c) => c.actions.navigate(pageHref(userOf(c).username, 'accounts')),
  },
  {
    id: 'adminDeregister',
    label: 'Deregister a user',
    group: 'admin',
    icon: UserX,
    visible: (c) => canSite(c.user, 'manageUsers'),
    run: (c) => c.actions.openForm('adminDeregister'),
  },
  {
    id: 'ltiPlatforms',
    label: 'Learning platforms (LTI)',
    group: 'admin',
    icon: GraduationCap,
    visible: (c) => canSite(c.user, 'manageLti'),
    run: (c) => c.actions.navigate('/lti/admin'),
  },
  {
    id: 'dump',
    label: 'Dump',
    group: 'admin',
    icon: Database,
    // Shown with a board on screen; toolbarRoleFlags gives it to the site admin only.
    visible: (c) => c.flags?.dump === true,
    run: (c) => c.actions.openForm('dump'),
  },
];
