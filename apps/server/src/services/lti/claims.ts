/**
 * The claims of an LTI 1.3 launch (id_token) that Listboard reads, and the refusal a failed
 * launch shows: what failed, and what the platform's admin should check.
 */

export const LTI_VERSION = '1.3.0';
const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';

export const CLAIM = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  context: `${LTI}context`,
  custom: `${LTI}custom`,
  deepLinkingSettings: `${DL}deep_linking_settings`,
  names: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  grades: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;

export const MESSAGE_TYPES = ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** A launch refused: `what` failed, and `check` says what the platform's admin should look at. */
export class LaunchError extends Error {
  constructor(
    message: string,
    readonly check: string,
  ) {
    super(message);
  }
}

export type CourseRole = 'instructor' | 'learner';

/**
 * Instructor and ContentDeveloper (and their sub-roles, such as Instructor#TeachingAssistant)
 * act as the course's authors; every other role reads. Context roles are full URIs
 * (http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor) or, deprecated, bare names.
 */
export function courseRole(roles: readonly string[]): CourseRole {
  const teaching = roles.some((r) => {
    const principal = r.startsWith('http://purl.imsglobal.org/vocab/lis/v2/membership')
      ? (/membership(?:#|\/)([A-Za-z]+)/.exec(r)?.[1] ?? '')
      : r;
    return principal === 'Instructor' || principal === 'ContentDeveloper';
  });
  return teaching ? 'instructor' : 'learner';
}

export interface LaunchClaims {
  messageType: MessageType;
  sub: string;
  deploymentId: string;
  name: string;
  email: string | null;
  role: CourseRole;
  context: { id: string; title: string } | null;
  resourceLink: { id: string; title: string } | null;
  targetLinkUri: string | null;
  /** The board a custom parameter names ("owner/board"), if any. */
  customBoard: string | null;
  /** The placement a deep-linked link carries in its custom parameters. */
  customPlacement: string | null;
  /**
   * The participation weights the instructor set on the link (custom parameters note_points,
   * reply_points, word_points, late_percent, helpful_points), each missing or unreadable one null.
   */
  weights: {
    note: number | null;
    reply: number | null;
    word: number | null;
    late: number | null;
    helpful: number | null;
  };
  deepLinking: { returnUrl: string; data: string | null } | null;
  /** The course roster's address (NRPS), when the platform offers it. */
  membershipsUrl: string | null;
  /** The course's line items (AGS), when the platform offers them, and the scopes granted. */
  grades: { lineItems: string | null; lineItem: string | null; scopes: string[] } | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** A weight from a custom parameter (platforms send them as text): a number from 0 to 100. */
function points(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 100 ? n : null;
}

function nameOf(p: Record<string, unknown>): string {
  const given = str(p.given_name);
  const family = str(p.family_name);
  return str(p.name) ?? ([given, family].filter(Boolean).join(' ') || '');
}

/** Reads a verified token's claims; the checks of version, type and deployment come first. */
export function readClaims(p: Record<string, unknown>): LaunchClaims {
  const sub = str(p.sub);
  if (!sub)
    throw new LaunchError(
      'The launch names no user (no "sub" claim).',
      'Listboard needs to know who launches: do not send anonymous launches to this tool.',
    );
  const context = obj(p[CLAIM.context]);
  const link = obj(p[CLAIM.resourceLink]);
  const custom = obj(p[CLAIM.custom]);
  const dl = obj(p[CLAIM.deepLinkingSettings]);
  const contextId = str(context.id);
  const linkId = str(link.id);
  const returnUrl = str(dl.deep_link_return_url);
  const roles = p[CLAIM.roles];
  const ags = obj(p[CLAIM.grades]);
  const scopes = Array.isArray(ags.scope) ? ags.scope.filter((x) => typeof x === 'string') : [];
  return {
    messageType: p[CLAIM.messageType] as MessageType,
    sub,
    deploymentId: String(p[CLAIM.deploymentId]),
    name: nameOf(p),
    email: str(p.email),
    role: courseRole(Array.isArray(roles) ? roles.filter((r) => typeof r === 'string') : []),
    context: contextId
      ? { id: contextId, title: str(context.title) ?? str(context.label) ?? contextId }
      : null,
    resourceLink: linkId ? { id: linkId, title: str(link.title) ?? '' } : null,
    targetLinkUri: str(p[CLAIM.targetLinkUri]),
    customBoard: str(custom.board),
    customPlacement: str(custom.placement),
    weights: {
      note: points(custom.note_points),
      reply: points(custom.reply_points),
      word: points(custom.word_points),
      late: points(custom.late_percent),
      helpful: points(custom.helpful_points),
    },
    deepLinking: returnUrl ? { returnUrl, data: str(dl.data) } : null,
    membershipsUrl: str(obj(p[CLAIM.names]).context_memberships_url),
    grades:
      str(ags.lineitems) || str(ags.lineitem)
        ? { lineItems: str(ags.lineitems), lineItem: str(ags.lineitem), scopes }
        : null,
  };
}
