export { boardTitleProblem, pathTitle } from './path-title';
export { decodePart, withScheme } from './url';
export { boardKey, formatAddress, parseAddress, type Address, type Segment } from './address';
export {
  afterSignInPath,
  clampPage,
  JOIN_PARAM,
  joinLinkPath,
  readStartParams,
  resolveStartPath,
  type StartContext,
  type StartParams,
} from './start-path';
export { diffAddresses, type AddressDiff, type AddressRelation, type DiffOptions } from './diff';
