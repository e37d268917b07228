import { classifyBlock, resolveAddress } from '@listboard/core';
import { filesUrl } from '../media/file-urls';

/**
 * Item text of another owner's board, loaded by `loader`: each upload it names by its bare path
 * (`clip.mp4`, the writer's own file) is given the writer's full address (`/files/ann/clip.mp4`).
 * Left bare, it would name a file of the loader's, which is not there.
 */
export function withWritersFiles(text: string, writer: string, loader: string): string {
  if (!writer || writer === loader) return text;
  let fence: string | null = null;
  return text
    .split('\n')
    .map((line) => {
      const t = line.trim();
      const open = /^(`{3,}|~{3,})/.exec(t)?.[1];
      if (fence) {
        if (t.startsWith(fence)) fence = null;
        return line;
      }
      if (open) {
        fence = open;
        return line;
      }
      const m = /^(\s*)(\S+)(.*)$/.exec(line);
      if (!m?.[2] || !classifyBlock(t, { owner: writer }).isUpload) return line;
      const at = resolveAddress(m[2], { owner: writer });
      return at?.isUpload ? `${m[1]}${filesUrl(at.url)}${m[3]}` : line;
    })
    .join('\n');
}
