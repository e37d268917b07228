export {
  EMAIL_PATTERN,
  isBlank,
  isValidEmail,
  shownName,
  validateEmail,
  validatePassword,
  validateRequired,
  validateRole,
  validateUsername,
  type ValidationResult,
} from './fields';
export {
  changedFields,
  profilePhotoFilename,
  validateDeregister,
  validateEditProfile,
  validateForgot,
  validateLogin,
  validateReset,
  validateSignup,
  signupFieldProblems,
  type FormUser,
  type SignupField,
  type SignupFieldProblems,
  type SignupInput,
} from './account';
export {
  clampMediaTime,
  defaultLoadedTitle,
  joinableGroups,
  loadFileTypeOf,
  loadFileTypeOfMedia,
  validateBoardPassword,
  validateJoinGroup,
  validateLoad,
  validatePosterFrame,
  validateSelectGroup,
  type GroupChoice,
} from './board';
export {
  SEARCH_DATE_RANGE_SEPARATOR,
  readIsoDate,
  validateDateRange,
  validateSearch,
  type SearchDateParser,
  type SearchInput,
} from './search';
export { isStorableText, storableTextMsg, unstorableTextPath } from './storable-text';
