/**
 * Every user-facing message of the spec (sections 2, 5, 7 and 8), each written once, word for
 * word. Messages with a {placeholder} in the spec are functions of that value.
 *
 * Each area has its own object (`loginMsg`, `signupMsg`, ...); `msg` merges them all so a caller
 * can write `msg.couldNotFindBoard(board)` without knowing the area.
 */

export const navigationMsg = {
  alreadyAtFirstSearchPage: 'Already at first search result page.',
  tourDisabledIos18: 'Tour is disabled due to a bug in iOS 18',
  noTourFor: (user: string, owner: string, title: string) =>
    `You (${user}) have no tour for: ${owner}/${title}`,
} as const;

export const boardMsg = {
  couldNotFindBoard: (board: string) => `Could not find the board ${board}`,
  editInProgress: 'An edit is in progress. Please submit or cancel it first.',
  allAuthorNotesDisplayed: 'All author notes are currently displayed.',
  noAnnotationWithLabel: 'No annotation exists with the label you clicked.',
  noLabelWithLabel: 'No label exists with the label you clicked.',
  closeFormFirst: 'Please submit, cancel, or close the form first.',
  noConnection: 'No connection to the server.',
  boardPasswordIncorrect: 'The password you entered was incorrect.',
  noDeletionPrivilege: 'You do not have deletion privilege for this multilist.',
} as const;

export const selectionMsg = {
  selectAnItem: 'Please select an item.',
  selectAListFirst: 'Please select a list first.',
  selectAnItemFirst: 'Please select an item first.',
  selectTextOrItemFirst: 'Please select some text in an item, or an entire item, first.',
} as const;

export const fieldMsg = {
  /** Names the field when one is given. */
  requiredField: (field?: string) =>
    field ? `Please fill in ${field} field.` : 'Please fill in all required fields.',
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: 'Your password should be 6 characters or longer.',
  invalidRole: (role: string) => `${role} is not a valid role.`,
} as const;

export const loginMsg = {
  credentialsMissing: 'Username or password missing.',
  invalidCredentials: (user: string) => `Invalid credentials for: ${user}`,
  loginError: (message: string) => `Login error: ${message}`,
  guestLoginFailed: 'Failed to log in guest user',
} as const;

export const signupMsg = {
  passwordsMustMatch: 'Passwords must match.',
  badSignupFields: 'Bad username, email address, or password.',
  alreadyRegistered: (user: string) => `Already registered and logged in: ${user}`,
  emailInUse: 'This email is already in use.',
  unableToCreateUser: (user: string, message: string) =>
    `Oops: unable to create user ${user}: ${message}`,
  unableToCreateUserObject: 'Unable to create new user object.',
  registrationError: 'An error occurred in registration.',
  registrationSuccessful:
    'Registration successful! Please check your email for a verification link.',
} as const;

export const passwordResetMsg = {
  badEmail: 'Bad email address.',
  resetEmailSent: 'Password reset email sent!',
  resetEmailError: 'Error sending reset link.',
  badPassword: 'Bad password.',
  resetLinkInvalid: 'Reset link invalid or expired. Please try your password reset request again.',
  tokenValidationError: 'Unexpected error: could not validate token.',
  resetPasswordFailed: (reason: string) => `Reset password failed: ${reason}`,
  passwordChanged: 'Your password has been changed (and you are now logged in).',
} as const;

export const profileMsg = {
  enableAnAlert: 'Please enable (check) either text alert, email alerts, or both.',
} as const;

export const deregisterMsg = {
  mustBeLoggedInToDeregister: 'You must be logged in to deregister.',
  accountDeleted: 'You have been logged out and your account has been deleted.',
  accountRemovalProblem: 'Oops. There was a problem removing your account!',
  logoutDefaultLoginFailed: 'Logout/default login failed!',
} as const;

export const coauthorMsg = {
  mustBeOwnerToAddCoauthor: 'You must be the document owner to add a coauthor.',
  boardUnshared: (user: string) => `Board unshared with user ${user}`,
  notRegisteredUser: (user: string) => `Not a registered user: ${user}`,
  errorLocatingUser: (user: string) => `Error locating user: ${user}`,
  coauthorRemovalProblem: (user: string) =>
    `Oops. There was a problem removing that user from this board: ${user}`,
} as const;

export const groupMsg = {
  noGroups: 'You do not belong to any groups.',
  boardReferencesNoGroups: 'This board references no groups.',
} as const;

export const loadMsg = {
  urlFileOrQueryRequired: 'You must provide either a URL, a file, or a query.',
} as const;

export const searchMsg = {
  searchStringRequired: 'A search string is required for text or labels search.',
  dateRangeRequired: 'Date search requires a date range',
  badDateRange: 'Bad date range',
  startDateRequired: 'A start date is required',
} as const;

export const noteMsg = {
  /** Stored as the text of a note left blank, so the highlight alone carries it. */
  highlightOnly: '[Highlight only]',
} as const;

export const mediaMsg = {
  notAMediaItem: 'This is not a media item, so cannot set poster frame!',
  loadPdfFailed: (url: string) => `Load PDF failed: ${url}`,
  audioNotFound: 'Not found',
  /** Spec section 5: a text marker needs a cursor set first. */
  textMarkerNeedsCursor: 'A text marker needs a cursor set first.',
} as const;

export const callMsg = {
  /** Shown when an insert, edit or delete call returns null. */
  operationError: (operation: string) => `ERROR: ${operation}`,
} as const;

export const EMAIL_VERIFICATION_STATUSES = [
  'success',
  'error_invalid_token',
  'error_invalid_or_expired',
  'error_expired',
  'other',
] as const;
export type EmailVerificationStatus = (typeof EMAIL_VERIFICATION_STATUSES)[number];

/** Message for each value of the verifyEmailStatus start parameter. */
export const emailVerificationStatusMsg: Readonly<Record<EmailVerificationStatus, string>> = {
  success: 'Email verified successfully! You can now log in.',
  error_invalid_token: 'Invalid or missing verification token.',
  error_invalid_or_expired: 'Invalid or expired verification token.',
  error_expired: 'Verification link has expired.',
  other: 'Unknown error occurred.',
};

/** Any status the map does not know reads as 'other', since the value comes from the URL. */
export function emailVerificationMessage(status: string | null | undefined): string {
  const known = (EMAIL_VERIFICATION_STATUSES as readonly string[]).includes(status ?? '');
  return emailVerificationStatusMsg[known ? (status as EmailVerificationStatus) : 'other'];
}

export const emailVerificationMsg = {
  /** The server's error text that means the link expired; the client matches on it. */
  verificationLinkExpiredError: 'Verification link expired',
  verificationLinkExpired: 'Your verification link has expired. Check your email for a new one.',
  somethingWentWrong: 'Something went wrong. Please try again later.',
} as const;

export const msg = {
  ...navigationMsg,
  ...boardMsg,
  ...selectionMsg,
  ...fieldMsg,
  ...loginMsg,
  ...signupMsg,
  ...passwordResetMsg,
  ...profileMsg,
  ...deregisterMsg,
  ...coauthorMsg,
  ...groupMsg,
  ...loadMsg,
  ...searchMsg,
  ...noteMsg,
  ...mediaMsg,
  ...callMsg,
  ...emailVerificationMsg,
} as const;

/** The area objects in one list, so tests can check that no key is shadowed in `msg`. */
export const messageAreas = {
  navigation: navigationMsg,
  board: boardMsg,
  selection: selectionMsg,
  field: fieldMsg,
  login: loginMsg,
  signup: signupMsg,
  passwordReset: passwordResetMsg,
  profile: profileMsg,
  deregister: deregisterMsg,
  coauthor: coauthorMsg,
  group: groupMsg,
  load: loadMsg,
  search: searchMsg,
  note: noteMsg,
  media: mediaMsg,
  call: callMsg,
  emailVerification: emailVerificationMsg,
} as const;
