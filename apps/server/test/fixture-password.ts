/**
 * The fixture accounts' stored password in the test databases: the seed's password, hashed with
 * scrypt at N = 2^10 instead of the app's 2^15. A sign-in checks a password with the parameters
 * stored beside its hash, so a fixture user's sign-in runs the same code and costs a few
 * milliseconds instead of a hundred or more; the suite signs fixture users in hundreds of times.
 * Every password the app itself stores (sign-up, reset, a board's password) keeps the full cost.
 */
import { hashPassword } from '../src/lib/passwords';
import { DEFAULT_SEED_PASSWORD } from '../src/seed/fixtures/users';

export const fixturePasswordHash = (): Promise<string> =>
  hashPassword(DEFAULT_SEED_PASSWORD, { N: 1 << 10, r: 8, p: 1 });
