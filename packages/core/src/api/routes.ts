/**
 * Every JSON call the web makes, by path, as its contract (api/contracts) declares it: what it
 * sends (`input`, the contract's input before parsing) and what the server answers (`output`).
 * A call is a POST of JSON unless `method` says it is (also) a GET, whose input goes in the
 * query string. The web's API client is typed from this map, so a path, a body or an answer
 * that does not match the server is a compile error. Calls whose answer is not one JSON value
 * (event and progress streams, files, redirects) are left out: the web reads those itself.
 */
import type { z } from 'zod';
import type { HttpMethod } from './contract';
import type { AnyContract } from './contracts';

/** A call that takes nothing. */
export type NoInput = Record<string, never>;

type JsonContract = Exclude<AnyContract, { produces: string } | { hidden: true }>;

type MethodOf<C> = C extends { method: infer M }
  ? M extends readonly HttpMethod[]
    ? M[number]
    : M
  : 'POST';

export type ApiRoutes = {
  [C in JsonContract as C['path']]: {
    method: MethodOf<C>;
    input: C extends { input: z.ZodType } ? z.input<C['input']> : NoInput;
    output: z.output<C['output']>;
  };
};

export type ApiPath = keyof ApiRoutes;
export type ApiInput<P extends ApiPath> = ApiRoutes[P]['input'];
export type ApiOutput<P extends ApiPath> = ApiRoutes[P]['output'];
/** The calls made with a POST of JSON. */
export type PostPath = {
  [P in ApiPath]: 'POST' extends ApiRoutes[P]['method'] ? P : never;
}[ApiPath];
/** The calls made with a GET, their input as query parameters. */
export type GetPath = {
  [P in ApiPath]: 'GET' extends ApiRoutes[P]['method'] ? P : never;
}[ApiPath];

// The shapes the web and the server name, each declared once with its call's contract.
export type {
  AccountCreated,
  EmailVerificationRefusal,
  NewAccountProfile,
  SessionInfo,
} from './contracts/auth';
export type { BasicUser, ProfileFields } from './contracts/accounts';
export type {
  ActivityPage,
  ActivityQuery,
  ActivityRow,
  AdminAccount,
  AdminAccountChange,
  AdminFields,
  OnlineUser,
} from './contracts/admin';
export type { BoardMade, CopyTarget, ListedBoard } from './contracts/boards';
export type { BoardDump, ExportedFile, ExportFormat } from './contracts/export';
export type { JoinableGroup, MyGroup } from './contracts/groups';
export type { LoadBody, SearchAnswer } from './contracts/load';
export type { NoteWritten } from './contracts/notes';
export type { SignedUpload } from './contracts/uploads';
