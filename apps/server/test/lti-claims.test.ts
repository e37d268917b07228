/** The launch claims Listboard reads: roles to a course role, and the parts of a launch. */
import { describe, expect, it } from 'vitest';
import { CLAIM, courseRole, LaunchError, readClaims } from '../src/services/lti/claims';

const LIS = 'http://purl.imsglobal.org/vocab/lis/v2/';

describe('courseRole', () => {
  it('makes Instructor and ContentDeveloper, and their sub-roles, instructors', () => {
    expect(courseRole([`${LIS}membership#Instructor`])).toBe('instructor');
    expect(courseRole([`${LIS}membership#ContentDeveloper`])).toBe('instructor');
    expect(courseRole([`${LIS}membership/Instructor#TeachingAssistant`])).toBe('instructor');
    expect(courseRole(['Instructor'])).toBe('instructor');
  });

  it('makes every other role a learner', () => {
    expect(courseRole([`${LIS}membership#Learner`])).toBe('learner');
    expect(courseRole([`${LIS}membership#Mentor`])).toBe('learner');
    // A site-wide (institution) role is not a role in the course.
    expect(courseRole([`${LIS}institution/person#Instructor`])).toBe('learner');
    expect(courseRole([])).toBe('learner');
  });
});

describe('readClaims', () => {
  it('reads the person, course, link, custom parameters and services', () => {
    const c = readClaims({
      sub: 'u1',
      given_name: 'Ada',
      family_name: 'Lovelace',
      [CLAIM.messageType]: 'LtiResourceLinkRequest',
      [CLAIM.deploymentId]: 'd1',
      [CLAIM.roles]: [`${LIS}membership#Learner`],
      [CLAIM.context]: { id: 'c1', label: 'POE101' },
      [CLAIM.resourceLink]: { id: 'r1' },
      [CLAIM.custom]: { board: 'ada/sonnets', placement: 'p1' },
      [CLAIM.names]: { context_memberships_url: 'https://lms/nrps' },
      [CLAIM.grades]: { scope: ['s1'], lineitems: 'https://lms/li' },
    });
    expect(c).toMatchObject({
      sub: 'u1',
      name: 'Ada Lovelace',
      email: null,
      role: 'learner',
      context: { id: 'c1', title: 'POE101' },
      resourceLink: { id: 'r1', title: '' },
      customBoard: 'ada/sonnets',
      customPlacement: 'p1',
      membershipsUrl: 'https://lms/nrps',
      grades: { lineItems: 'https://lms/li', lineItem: null, scopes: ['s1'] },
    });
  });

  it('refuses an anonymous launch', () => {
    expect(() => readClaims({})).toThrow(LaunchError);
  });
});
