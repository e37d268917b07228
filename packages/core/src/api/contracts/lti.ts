/**
 * Listboard as an LTI 1.3 tool: the platforms (learning management systems) an admin registers,
 * the tool's public keys and the values a platform admin pastes in, and the browser endpoints a
 * launch goes through. The login, launch and open endpoints answer HTML pages and redirects, not
 * JSON, and take the platform's form posts: they are hidden from the OpenAPI document.
 */
import { z } from 'zod';
import { BOARD_CALL_ERRORS, defineContract, id, ok } from '../contract';

/** The refusals of an admin call: a bad body, not signed in, not the admin, no such platform. */
const ADMIN_ERRORS = [400, 401, 403, 404] as const;

const url = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^https?:\/\/[^/\s]+/.test(v), 'must be an http(s) URL');

/** What an admin fills in for a platform; the same fields the LTI_PLATFORMS file holds. */
export const platformInput = z.object({
  issuer: z.string().trim().min(1).max(500),
  clientId: z.string().trim().min(1).max(500),
  deploymentIds: z.array(z.string().trim().min(1).max(500)).min(1).max(100),
  authLoginUrl: url,
  authTokenUrl: url,
  keysetUrl: url,
});
export type PlatformInput = z.infer<typeof platformInput>;

export const platform = platformInput.extend({
  id: z.string(),
  /** 'file': read from the LTI_PLATFORMS file at start-up (edit the file to change it). */
  source: z.enum(['admin', 'file']),
  created: z.string(),
});
export type Platform = z.infer<typeof platform>;

export const platforms = defineContract({
  path: '/api/lti/platforms',
  tags: ['lti'],
  summary: 'The LTI platforms registered (admin)',
  output: z.object({ platforms: z.array(platform) }),
  errors: [401, 403],
});

export const registerPlatform = defineContract({
  path: '/api/lti/register_platform',
  tags: ['lti'],
  summary: 'Register an LTI platform, or change the one with the same issuer and client id (admin)',
  input: platformInput,
  output: z.object({ platform }),
  errors: ADMIN_ERRORS,
});

export const removePlatform = defineContract({
  path: '/api/lti/remove_platform',
  tags: ['lti'],
  summary: 'Remove an LTI platform; its users keep their Listboard accounts (admin)',
  input: z.object({ id }),
  output: ok,
  errors: ADMIN_ERRORS,
});

export const rotateKey = defineContract({
  path: '/api/lti/rotate_key',
  tags: ['lti'],
  summary: 'Make a new signing key; the previous public key stays in the JWKS for a while (admin)',
  output: z.object({ kid: z.string() }),
  errors: [401, 403],
});

/** One public key as a JWK (RFC 7517). */
export const publicJwk = z.looseObject({
  kty: z.string(),
  kid: z.string(),
  alg: z.string(),
  use: z.string(),
  n: z.string(),
  e: z.string(),
});

export const jwks = defineContract({
  path: '/lti/jwks',
  method: 'GET',
  tags: ['lti'],
  summary: "The tool's public keys (JWKS), which platforms verify its messages with",
  output: z.object({ keys: z.array(publicJwk) }),
  errors: [],
});

/** The values a platform admin pastes into the platform when registering the tool. */
export const toolConfig = z.object({
  title: z.string(),
  description: z.string(),
  /** OIDC login initiation URL. */
  loginUrl: z.string(),
  /** Launch (target link) URL, which is also the one redirect URL. */
  launchUrl: z.string(),
  redirectUris: z.array(z.string()),
  deepLinkingUrl: z.string(),
  jwksUrl: z.string(),
  /** The whole configuration as Canvas reads it (developer key: Enter URL). */
  canvasConfigUrl: z.string(),
  domain: z.string(),
});
export type ToolConfig = z.infer<typeof toolConfig>;

export const config = defineContract({
  path: '/lti/config',
  method: 'GET',
  tags: ['lti'],
  summary: 'The URLs a platform admin enters to register Listboard as an LTI 1.3 tool',
  output: toolConfig,
  errors: [],
});

export const canvasConfig = defineContract({
  path: '/lti/canvas.json',
  method: 'GET',
  tags: ['lti'],
  summary: "The tool's configuration as Canvas reads it (developer key: Enter URL or Paste JSON)",
  output: z.looseObject({
    title: z.string(),
    oidc_initiation_url: z.string(),
    target_link_uri: z.string(),
    public_jwk_url: z.string(),
    scopes: z.array(z.string()),
    extensions: z.array(z.looseObject({ platform: z.string() })),
  }),
  errors: [],
});

/** OIDC third-party login initiation, as the platform sends it (query or form). */
export const loginParams = z.object({
  iss: z.string().min(1).max(500),
  login_hint: z.string().min(1).max(2000),
  target_link_uri: z.string().max(2000).optional(),
  lti_message_hint: z.string().max(4000).optional(),
  client_id: z.string().max(500).optional(),
  lti_deployment_id: z.string().max(500).optional(),
});

const html = z.string().describe('an HTML page, or a redirect');

export const login = defineContract({
  path: '/lti/login',
  method: ['GET', 'POST'],
  tags: ['lti'],
  summary: "OIDC login initiation: redirects to the platform's auth URL",
  hidden: true,
  produces: 'text/html',
  input: loginParams,
  output: html,
  errors: [400],
});

export const launchParams = z.object({
  id_token: z.string().min(1).max(100_000),
  state: z.string().min(1).max(200),
});

export const launch = defineContract({
  path: '/lti/launch',
  tags: ['lti'],
  summary: 'The launch: verifies the id_token, signs the user in, opens the board',
  hidden: true,
  produces: 'text/html',
  input: launchParams,
  output: html,
  errors: [400],
});

export const open = defineContract({
  path: '/lti/open',
  method: 'GET',
  tags: ['lti'],
  summary: 'After a launch: opens the board, or offers a new window when the frame has no cookies',
  hidden: true,
  produces: 'text/html',
  /**
   * `token`: the hand-off, single use (named so that the request log leaves it out); `window`:
   * opened in a window of its own; `switch`: the person signed in there agreed to give way.
   */
  input: z.object({
    token: z.string().max(200),
    window: z.literal('1').optional(),
    switch: z.literal('1').optional(),
  }),
  output: html,
  errors: [400],
});

export const pick = defineContract({
  path: '/lti/pick',
  method: 'GET',
  tags: ['lti'],
  summary: 'Deep linking: the page where an instructor picks the board to place in the course',
  hidden: true,
  produces: 'text/html',
  input: z.object({ token: z.string().max(200) }),
  output: html,
  errors: [400],
});

export const deepLinkChoice = z.object({
  token: z.string().min(1).max(200),
  /** A board id, or 'new' for a new board titled `title`. */
  board: z.string().min(1).max(100),
  title: z.string().max(200).optional(),
});

export const deepLink = defineContract({
  path: '/lti/deep_link',
  tags: ['lti'],
  summary: 'Deep linking: places the chosen board and posts the signed response to the platform',
  hidden: true,
  produces: 'text/html',
  input: deepLinkChoice,
  output: html,
  errors: [400, 403],
});

// ---------------------------------------------------------------------------------------------
// Course grades: the page where a board's authors see and set the scores its course links send.

/**
 * Points per note, per reply and per word, as the instructor weighs participation; late: the
 * share (percent) of its points that work written after the board's notes were due earns, all of
 * it unless said.
 */
export const gradeWeights = z.object({
  note: z.number().min(0).max(100),
  reply: z.number().min(0).max(100),
  word: z.number().min(0).max(100),
  late: z.number().min(0).max(100).default(100),
  /** Points per Helpful mark a learner's notes and replies drew. */
  helpful: z.number().min(0).max(100).default(0),
});
export type GradeWeights = z.infer<typeof gradeWeights>;

/** One learner's grade on a course link: counted, overridden, and what was last sent. */
export const learnerGrade = z.object({
  userId: z.string(),
  username: z.string(),
  fullname: z.string(),
  notes: z.number().int().min(0),
  replies: z.number().int().min(0),
  words: z.number().int().min(0),
  /** Of those notes and replies, how many were written after the board's notes were due. */
  late: z.number().int().min(0),
  /** How many Helpful marks classmates gave those notes and replies. */
  helpful: z.number().int().min(0),
  /** The score counted from participation with the link's weights, out of scoreMaximum. */
  counted: z.number(),
  /** The score an instructor set in its place; null: the counted one goes. */
  override: z.number().nullable(),
  comment: z.string(),
  /** What the platform's gradebook was last sent, and when (ISO 8601); null: never. */
  sentScore: z.number().nullable(),
  sent: z.string().nullable(),
});
export type LearnerGrade = z.infer<typeof learnerGrade>;

/** A resource link of a course that opens this board. */
export const courseLink = z.object({
  platformId: z.string(),
  resourceLinkId: z.string(),
  /** The link's title in the course. */
  title: z.string(),
  /** The course's title; null for a link outside any course. */
  course: z.string().nullable(),
  issuer: z.string(),
  /**
   * The section (list anchor) the link opens at, and grades by the notes on that list; null: the
   * whole board.
   */
  section: z.string().nullable(),
  /** When the notes it grades are due (the section's list's own date, else the board's), or null. */
  notesDue: z.string().nullable(),
  /** For a link to the whole board: how many of its lists have a date of their own. */
  listDates: z.number().int(),
  weights: gradeWeights,
  /** Where the weights come from: this page, the link's custom parameters, or the defaults. */
  weightsFrom: z.enum(['page', 'platform', 'default']),
  scoreMaximum: z.number(),
  /** The platform granted the link its grade service (scores can be sent). */
  graded: z.boolean(),
  /** The course offers its roster (NRPS), and when it was last read (ISO 8601). */
  roster: z.boolean(),
  rosterSynced: z.string().nullable(),
  learners: z.array(learnerGrade),
});
export type CourseLink = z.infer<typeof courseLink>;

const linkRef = { multilistId: id, platformId: id, resourceLinkId: z.string().min(1).max(500) };
/** Refusals of a change on the grades page; 409: the platform cannot take it or refused it. */
const GRADE_ERRORS = [400, 401, 403, 404, 409] as const;

export const boardGrades = defineContract({
  path: '/api/forms/board_grades',
  tags: ['lti'],
  summary:
    "The board's course links (LTI resource links) and each learner's participation, counted " +
    'score, override and the score last sent to the gradebook (the board’s authors). Counts ' +
    'only: no note’s text is in the answer.',
  input: z.object({ multilistId: id }),
  output: z.object({ links: z.array(courseLink) }),
  errors: BOARD_CALL_ERRORS,
});

export const setGrade = defineContract({
  path: '/api/forms/set_grade',
  tags: ['lti'],
  summary:
    "Set a learner's score on a course link in place of the counted one, with a comment the " +
    'gradebook shows; a null score goes back to the counted one. Sent with the next scores.',
  input: z.object({
    ...linkRef,
    userId: id,
    score: z.number().min(0).max(100).nullable(),
    comment: z.string().trim().max(1000).default(''),
  }),
  output: z.object({ learner: learnerGrade }),
  errors: BOARD_CALL_ERRORS,
});

export const setGradeWeights = defineContract({
  path: '/api/forms/set_grade_weights',
  tags: ['lti'],
  summary:
    "Set a course link's participation weights (points per note, reply and word, the " +
    'percent of them late work earns, and points per Helpful mark drawn); null goes ' +
    "back to the link's custom parameters in the platform.",
  input: z.object({ ...linkRef, weights: gradeWeights.nullable() }),
  output: ok,
  errors: BOARD_CALL_ERRORS,
});

export const sendGrades = defineContract({
  path: '/api/forms/send_grades',
  tags: ['lti'],
  summary: "Send every learner's score on a course link to the platform's gradebook now.",
  input: z.object(linkRef),
  output: z.object({ sent: z.number().int().min(0) }),
  errors: GRADE_ERRORS,
});

export const syncCourseRoster = defineContract({
  path: '/api/forms/sync_course_roster',
  tags: ['lti'],
  summary:
    "Read the course's roster from the platform now (NRPS): new members join the course's " +
    'group and boards, members who left or are inactive leave the group.',
  input: z.object(linkRef),
  output: z.object({ active: z.number().int().min(0), left: z.number().int().min(0) }),
  errors: GRADE_ERRORS,
});
