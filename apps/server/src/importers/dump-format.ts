/**
 * The Listboard dump format, as written by dump_multilists and export and read back by the
 * listboard importer: declared with the dump call's contract (core api/contracts/export).
 */
export type {
  BoardDump,
  DumpItem,
  DumpMediaMarker,
  DumpTextMarker,
} from '@listboard/core/api/contracts/export';
