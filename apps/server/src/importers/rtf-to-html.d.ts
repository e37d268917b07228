declare module '@iarna/rtf-to-html' {
  interface Options {
    template?: (doc: unknown, defaults: { fontSize: number }, content: string) => string;
    paraBreaks?: string;
    paraTag?: string;
  }
  type Callback = (err: Error | null, html: string) => void;
  interface RtfToHtml {
    fromString(rtf: string, opts: Options, cb: Callback): void;
    fromString(rtf: string, cb: Callback): void;
  }
  const rtfToHTML: RtfToHtml;
  export default rtfToHTML;
}
