/**
 * Account messages the spec leaves open (it gives no wording for a disabled signup, a lockout,
 * an unverified sign-in, ...). They live apart from messages.ts, which holds only the spec's own
 * words and is checked against it; server and web both show them.
 */
export const accountMsg = {
  signupDisabled: 'Signup is disabled.',
  signupByAddUserForm: 'New accounts are made with the add user form.',
  notInvited: 'This email address has not been invited to sign up.',
  adminOnly: 'Only the site admin may do this.',
  addUserByAdminOnly: 'Only the site admin may add users.',
  roleByAdminOnly: 'Only the site admin may choose a role.',
  usernameTaken: 'that user name is taken',
  usernameReserved: 'that user name is reserved',
  /** The field-level words for a user name the spec's "Bad username, …" message covers. */
  badUsername:
    'A user name is up to 64 letters, digits, dots, dashes and underscores, and starts with a letter, a digit or an underscore.',
  usernameTakenField: 'That user name is taken. Please choose another.',
  usernameReservedField: 'That user name is reserved. Please choose another.',
  notSignedIn: 'Please sign in first.',
  /**
   * A call from a page whose user's session is gone (signed out in another window, or the
   * session ran out): the answer also carries `sessionEnded: true`, so the page asks to sign in.
   */
  sessionEnded: 'You are no longer signed in here. Sign in again to go on.',
  sessionEndedBar: (user: string) =>
    `You were signed out (in another window, or your session ran out). Sign in again as ${user} to go on: what you typed here stays.`,
  /** The same, when someone else has signed in on this browser since (in another window). */
  sessionTakenBar: (user: string, other: string) =>
    `This browser is now signed in as ${other} (in another window). Go on here as ${other}, or sign in again as ${user}, which signs ${other} out.`,
  /** Added to it while a form here has words typed in it. */
  typedStaysWith: (user: string) => `What you typed here stays only if you sign in as ${user}.`,
  goOnAs: (other: string) => `Go on as ${other}`,
  signedInAgain: (user: string) => `Signed in again as ${user}.`,
  /** A guest's page whose session has ended (it ran out, or its cookies were cleared). */
  visitEnded: 'This page’s visit has ended. Go on to keep reading as a guest.',
  verifyEmailFirst:
    'Please verify your email address first: check your email for the verification link.',
  lockedOut: (user: string, minutes: number) =>
    `Too many failed sign-in attempts for ${user}. Please wait ${minutes} minutes and try again.`,
  verificationMailFailed: 'The verification email could not be sent. Please try again later.',
  tooManyMails: 'Too many requests for this email address. Please try again later.',
  photoSkipped: (name: string) =>
    `The photo ${name} was skipped: its file type is not a supported image.`,
  badUploadsFolder: 'The uploads folder may hold letters, digits, - _ . and / only.',
  badTourCateg: 'A tour category is a name of letters, digits, - and _.',
  profileSaved: 'Your profile has been saved.',
  photoUploadFailed: (name: string) => `The photo ${name} could not be uploaded.`,
} as const;
