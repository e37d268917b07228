/**
 * Load a URL, a file or a query as a new board (spec 'load' and 'url' forms), linked from one's
 * home board unless one unchecks that, as New board's is; import a list.
 */
import { LOAD_FILE_TYPES, fieldMsg, validateLoad } from '@listboard/core';
import type { Field, FormContext, FormDef, Values } from './registry';
import { LINK_HOME_FIELD, LISTED_FIELD, fail, findList, openBoard, str } from './helpers';
import { linkFromHome } from '../board/addToHome';
import { boardHref } from '../board/itemLink';
import type { LoadBody } from '../search/loadProgress';

const files = (v: Values) => (Array.isArray(v.file) ? v.file : []);

const TITLE: Field = {
  name: 'titleText',
  label: 'Title',
  type: 'text',
  hint: 'Left blank: Untitled Board if listed, otherwise --loaded--',
};

async function load(v: Values, ctx: FormContext): Promise<string | null> {
  // A load is rare next to reading: its streaming code comes when one starts.
  const { loadWithProgress, readFileData } = await import('../search/loadProgress');
  const file = files(v)[0];
  const body: LoadBody = {
    url: str(v, 'url') || undefined,
    query: str(v, 'query') || undefined,
    listed: Boolean(v.listed),
    titleText: str(v, 'titleText') || undefined,
    descText: str(v, 'descText') || undefined,
  };
  if (file) {
    try {
      body.fileinfo = { name: file.name, type: file.type, data: await readFileData(file) };
    } catch {
      return `Could not read ${file.name}.`;
    }
  }
  const result = await loadWithProgress(body);
  if ('error' in result) return result.error;
  const board = {
    ...result.board,
    description: body.descText ?? '',
    listed: Boolean(v.listed),
    hasPassword: false,
  };
  if (v.linkHome && ctx.user) await linkFromHome(board, ctx.user.username, ctx.call);
  ctx.navigate(boardHref(board));
  return null;
}

export const LOAD_FORMS: FormDef[] = [
  {
    id: 'load',
    label: 'Load a board',
    fields: [
      { name: 'url', label: 'URL', type: 'url', placeholder: 'https://…' },
      {
        name: 'file',
        label: 'File',
        type: 'file',
        // A board's own export (Account ▸ Export) loads back too, the JSON one included.
        accept: [...LOAD_FILE_TYPES, 'json'].map((t) => `.${t}`).join(','),
        hint: `${LOAD_FILE_TYPES.join(', ')}: headings become lists, paragraphs and pictures items, a title over them all the board’s description; a board exported from Listboard (.json, .md, .html) comes back whole`,
      },
      {
        name: 'query',
        label: 'Query',
        type: 'text',
        hint: 'Words to search for, or search arguments such as searchStr=…&by=label',
      },
      LISTED_FIELD,
      TITLE,
      { name: 'descText', label: 'Description', type: 'textarea' },
      LINK_HOME_FIELD,
    ],
    initial: () => ({ linkHome: true }),
    validate: (v) =>
      validateLoad({
        url: str(v, 'url'),
        file: files(v)[0]?.name ?? '',
        query: str(v, 'query'),
      }),
    submit: load,
  },
  {
    id: 'url',
    label: 'Load a URL',
    fields: [
      { name: 'url', label: 'URL', type: 'url', placeholder: 'https://…' },
      LISTED_FIELD,
      TITLE,
      LINK_HOME_FIELD,
    ],
    initial: () => ({ linkHome: true }),
    validate: (v) => validateLoad({ url: str(v, 'url') }),
    submit: load,
  },
  {
    id: 'importList',
    label: 'Import list',
    fields: [
      { name: 'titleText', label: 'Title', type: 'text' },
      { name: 'itemText', label: 'Items (separate them with a blank line)', type: 'textarea' },
      {
        name: 'url',
        label: 'URL',
        type: 'url',
        placeholder: 'https://…',
        hint: 'A page or file whose paragraphs become more items; its name is the title if none is given',
      },
    ],
    validate(v) {
      if (!str(v, 'itemText') && !str(v, 'url')) return fieldMsg.requiredField('items');
      if (!str(v, 'titleText') && !str(v, 'url')) return fieldMsg.requiredField('title');
      return null;
    },
    async submit(v, ctx) {
      const url = str(v, 'url');
      const items = str(v, 'itemText') ? [str(v, 'itemText')] : [];
      let title = str(v, 'titleText');
      if (url) {
        const read = await ctx.api('/api/forms/read_source', { url });
        if (!read.ok) return fail('import list', read.error);
        items.push(...read.value.items);
        title ||= read.value.title;
      }
      const after = findList(ctx);
      const res = await ctx.call(
        '/api/forms/import_list',
        {
          multilistId: openBoard(ctx)._id,
          titleText: title,
          itemText: items.join('\n\n'),
          ...(url ? { url } : {}),
          ...(after && after.multilistId === openBoard(ctx)._id ? { prevListId: after._id } : {}),
        },
        'import list',
      );
      return res.ok ? null : fail('import list', res.error);
    },
  },
];
