declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  /** Tables as markdown tables (those holding lists, headings or code stay HTML). */
  export const tables: TurndownService.Plugin;
}
