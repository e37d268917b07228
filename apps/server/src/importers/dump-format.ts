/**
 * The Listboard dump format, as written by dump_multilists and export and read back by the
 * listboard importer: enough to rebuild a board's content, not its notes, members or view states.
 */
export interface DumpMediaMarker {
  timecode: string;
  time: number;
  title: string;
  description: string;
}

export interface DumpTextMarker {
  kind: 'block' | 'sentence';
  cursorIndex: number;
  title: string;
  description: string;
}

export interface DumpItem {
  text: string;
  labels: { name: string; value: string }[];
  format: Record<string, string | number>;
  flags: Record<string, boolean>;
  /** Only present when true: an item only its owner may see. */
  isPrivate?: boolean;
  mediaMarkers?: DumpMediaMarker[];
  textMarkers?: DumpTextMarker[];
}

export interface BoardDump {
  format: 'listboard-dump';
  version: 1;
  owner: string;
  title: string;
  description: string;
  listed: boolean;
  labels: string[];
  labelColors?: Record<string, string>;
  lists: {
    title: string;
    description: string;
    items: DumpItem[];
  }[];
}
