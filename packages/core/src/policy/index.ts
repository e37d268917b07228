export {
  isGuestUser,
  isSiteAdmin,
  memberOf,
  roleFor,
  type BoardMember,
  type BoardRole,
  type PolicyBoard,
  type PolicyUser,
} from './roles';
export { POLICY_RULES, can, denialMessage, type PolicyOptions, type PolicyRule } from './rules';
export {
  NOTE_ACTIONS,
  abilitiesFor,
  abilitiesOf,
  itemActions,
  noteActions,
  isOwnNote,
  noteWordsRefusal,
  noteNoun,
  mayHaveNoWords,
  toolbarRoleFlags,
  visitTarget,
  type NoteAction,
  type ToolbarRoleFlags,
} from './abilities';
export { canSeeNote, type NoteVisibility } from './notes';
export {
  boardListedFor,
  boardOpen,
  canSee,
  moderates,
  answersNotes,
  replyVisibility,
  seenByEveryReader,
  viewerOf,
  type Viewer,
  type Visible,
  type VisibleBoard,
  type VisibleGroup,
  type VisibleItem,
} from './visibility';
export {
  DEMO_DASHBOARD_LINKS,
  ROLE_DASHBOARD_LINKS,
  SITE_ACTIONS,
  SITE_RULES,
  canSite,
  mayListFor,
  dashboardLinks,
  type DashboardLink,
  type SiteAction,
} from './site';
