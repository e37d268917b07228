/**
 * Every API call's contract, by domain. The server registers each route from its contract; the
 * web's client is typed from them (api/routes); a test checks that the two lists agree.
 */
import { isContract, type ApiContract } from '../contract';
import * as accounts from './accounts';
import * as admin from './admin';
import * as annotations from './annotations';
import * as auth from './auth';
import * as boards from './boards';
import * as display from './display';
import * as exported from './export';
import * as groups from './groups';
import * as insight from './insight';
import * as items from './items';
import * as lists from './lists';
import * as lti from './lti';
import * as load from './load';
import * as media from './media';
import * as notes from './notes';
import * as system from './system';
import * as uploads from './uploads';
import * as undo from './undo';

const DOMAINS = {
  accounts,
  admin,
  annotations,
  auth,
  boards,
  display,
  exported,
  groups,
  insight,
  items,
  lists,
  lti,
  load,
  media,
  notes,
  system,
  uploads,
  undo,
};

type ContractsOf<M> = Extract<M[keyof M], ApiContract>;
/** Any one of the contracts. */
export type AnyContract = {
  [D in keyof typeof DOMAINS]: ContractsOf<(typeof DOMAINS)[D]>;
}[keyof typeof DOMAINS];

/** Every contract, in domain order. */
export const API_CONTRACTS: readonly ApiContract[] = Object.values(DOMAINS).flatMap((d) =>
  Object.values(d).filter(isContract),
);
