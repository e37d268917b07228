/** Export, and the admin's forms: dump and load back, edit an account, deregister an account. */
import { ROLES, coauthorMsg, fieldMsg, own, validateRole } from '@listboard/core';
import type { AdminAccountChange } from '@listboard/core/api/routes';
import type { ListingFormat } from '@listboard/core/api/contracts/export';
import { messageOr } from '../api/client';
import type { FormDef, Values } from './registry';
import { fail, str } from './helpers';
import { download, fileAsBase64 } from '../pages/download';
import { useAdminPick } from '../pages/adminState';
import { here } from '../search/address';

const EXPORT_FORMATS: Record<string, 'md' | 'html' | 'json' | 'jsonld'> = {
  'Markdown (.md)': 'md',
  'Web page (.html)': 'html',
  'JSON (.json)': 'json',
  'Notes and annotations, W3C Web Annotation (.jsonld)': 'jsonld',
};

const LISTING_FILE_FORMATS: Record<string, ListingFormat> = {
  'Markdown (.md)': 'md',
  'Spreadsheet (.csv)': 'csv',
};

interface Dump {
  path: '/api/forms/dump_multilists' | '/api/forms/dump_clips_list';
  suffix: string;
}
const BOARD_DUMP: Dump = { path: '/api/forms/dump_multilists', suffix: '' };
const DUMPS: Record<string, Dump> = {
  'Board (dump_multilists)': BOARD_DUMP,
  'Clips (dump_clips_list)': { path: '/api/forms/dump_clips_list', suffix: '-clips' },
};

/** The fields of an account the admin may change here, with the names the server uses. */
const ACCOUNT_FIELDS = ['fullname', 'title', 'phone', 'bio'] as const;

/** The account as the edit form opened with it. */
let before: Values = {};

const splitRoles = (v: Values) =>
  str(v, 'roles')
    .split(/[\s,]+/)
    .filter(Boolean);

export const ADMIN_FORMS: FormDef[] = [
  {
    id: 'export',
    label: 'Export board',
    submitLabel: 'Download',
    fields: [
      {
        name: 'format',
        label: 'Format',
        type: 'select',
        options: Object.keys(EXPORT_FORMATS),
        hint:
          'Each board format opens again in Listboard with Load and gives back the same board; ' +
          'the notes file loads back with Import notes.',
      },
    ],
    async submit(v, ctx) {
      if (!ctx.board) return 'Please open a board first.';
      const format = own(EXPORT_FORMATS, str(v, 'format')) ?? 'md';
      const res =
        format === 'jsonld'
          ? await ctx.api('/api/forms/export_annotations', {
              multilistId: ctx.board._id,
              format,
            })
          : await ctx.api('/api/forms/export_board', { multilistId: ctx.board._id, format });
      if (!res.ok) return fail('export', res.error);
      const file = res.value;
      download(file.filename, file.mediaType, file.content);
      return null;
    },
  },
  {
    // On a listing of notes (Discussion, My notes, Notes): the notes it lists, as it lists them.
    id: 'exportNotes',
    label: 'Export notes',
    description: (ctx) =>
      `The notes on this page${ctx.board ? `, “${ctx.board.title}”` : ''}, each with its ` +
      'replies and the words it quotes, as you may read them here.',
    submitLabel: 'Download',
    fields: [
      {
        name: 'format',
        label: 'Format',
        type: 'select',
        options: Object.keys(LISTING_FILE_FORMATS),
        hint: 'Markdown reads as it is and pastes into a document; a spreadsheet opens the CSV.',
      },
    ],
    async submit(v, ctx) {
      const { pathname, search } = here();
      const res = await ctx.api('/api/dbload/export_listing', {
        address: `${pathname}${search}`,
        format: own(LISTING_FILE_FORMATS, str(v, 'format')) ?? 'md',
      });
      if (!res.ok) return fail('export', res.error);
      download(res.value.filename, res.value.mediaType, res.value.content);
      return null;
    },
  },
  {
    id: 'importNotes',
    label: 'Import notes',
    description: () =>
      'Adds the notes of a W3C Web Annotation file (.jsonld) to this board as yours: each on the ' +
      'item it was written on, or the item at the same place.',
    submitLabel: 'Import',
    fields: [
      {
        name: 'file',
        label: 'Annotation file',
        type: 'file',
        accept: '.jsonld,.json,application/ld+json,application/json',
      },
    ],
    async submit(v, ctx) {
      if (!ctx.board) return 'Please open a board first.';
      const [file] = (v.file as File[] | undefined) ?? [];
      if (!file) return fieldMsg.requiredField('Annotation file');
      let document: unknown;
      try {
        document = JSON.parse(await file.text());
      } catch {
        return 'This file is not JSON: choose a .jsonld file exported from Listboard or another annotation tool.';
      }
      const res = await ctx.call(
        '/api/forms/import_annotations',
        { multilistId: ctx.board._id, document },
        'import notes',
      );
      if (!res.ok) return fail('import notes', res.error);
      const { imported, skipped } = res.value;
      const reasons = [...new Set(skipped.map((s) => s.reason))].join('; ');
      ctx.alert(
        `Imported ${imported} ${imported === 1 ? 'note' : 'notes'}.` +
          (skipped.length ? ` Left out ${skipped.length}: ${reasons}.` : ''),
      );
      return null;
    },
  },
  {
    id: 'dump',
    label: 'Dump',
    submitLabel: 'Download dump',
    fields: [
      { name: 'what', label: 'What', type: 'select', options: Object.keys(DUMPS) },
      {
        name: 'file',
        label: 'Load a dump file',
        type: 'file',
        accept: '.json,application/json',
        hint: 'Loads a board or clips dump back as a new board of yours.',
      },
    ],
    async submit(v, ctx) {
      if (!ctx.board) return 'Please open a board first.';
      const dump = own(DUMPS, str(v, 'what')) ?? BOARD_DUMP;
      const data = await ctx.api(dump.path, { multilistId: ctx.board._id });
      if (!data.ok) return fail('dump', data.error);
      download(
        `${ctx.board.owner}-${ctx.board.ptitle}${dump.suffix}.json`,
        'application/json',
        `${JSON.stringify(data.value, null, 2)}\n`,
      );
      return null;
    },
    extraButtons: [
      {
        label: 'Load dump file',
        async run(v, ctx) {
          const [file] = (v.file as File[] | undefined) ?? [];
          if (!file) return fieldMsg.requiredField('Load a dump file');
          const made = await ctx.api('/api/forms/load', {
            fileinfo: { name: file.name, type: file.type, data: await fileAsBase64(file) },
          });
          if (!made.ok) return fail('load', made.error);
          ctx.navigate(`/${made.value.owner}/${made.value.ptitle}`);
          return null;
        },
      },
    ],
  },
  {
    id: 'adminUser',
    // Read when the form is drawn, so it names the account chosen on the users page.
    get label() {
      return `Edit account: ${useAdminPick.getState().username ?? ''}`;
    },
    fields: [
      {
        name: 'roles',
        label: 'Roles',
        type: 'text',
        required: true,
        hint: `Separated by commas: ${ROLES.join(', ')}.`,
      },
      { name: 'email', label: 'E-mail', type: 'text', autoComplete: 'off' },
      { name: 'fullname', label: 'Full name', type: 'text' },
      { name: 'title', label: 'Title', type: 'text' },
      { name: 'phone', label: 'Phone', type: 'text' },
      { name: 'bio', label: 'Bio', type: 'textarea' },
    ],
    async prepare(ctx) {
      const username = useAdminPick.getState().username;
      if (!username) return { error: 'Please choose an account on the users page first.' };
      const all = await ctx.api('/api/admin/users', {});
      if (!all.ok) return { error: messageOr(all.error, coauthorMsg.notRegisteredUser(username)) };
      const found = all.value.find((u) => u.username === username);
      if (!found) return { error: coauthorMsg.notRegisteredUser(username) };
      const text = (k: 'title' | 'phone' | 'bio') => found.fields[k] ?? '';
      before = {
        roles: found.roles.join(', '),
        email: found.email ?? '',
        fullname: found.fullname,
        title: text('title'),
        phone: text('phone'),
        bio: text('bio'),
      };
      return { values: before };
    },
    validate(v) {
      const roles = splitRoles(v);
      if (roles.length === 0) return fieldMsg.requiredField('roles');
      for (const role of roles) {
        const problem = validateRole(role);
        if (problem) return problem;
      }
      return null;
    },
    async submit(v, ctx) {
      const username = useAdminPick.getState().username;
      if (!username) return 'Please choose an account on the users page first.';
      // Only what the admin changed is sent, so a field left alone is never overwritten.
      const changed = (k: string) => str(v, k) !== str(before, k);
      const fields = Object.fromEntries(ACCOUNT_FIELDS.filter(changed).map((k) => [k, str(v, k)]));
      const body: AdminAccountChange = { username, roles: splitRoles(v) };
      if (Object.keys(fields).length) body.fields = fields;
      if (changed('email')) body.email = str(v, 'email');
      const res = await ctx.call('/api/display/user.custom.update.admin', body, 'update user');
      return res.ok ? null : fail('update user', res.error);
    },
  },
  {
    id: 'adminDeregister',
    label: 'Deregister a user',
    submitLabel: 'Deregister',
    fields: [
      {
        name: 'username',
        label: 'User name',
        type: 'text',
        required: true,
        autoComplete: 'off',
        hint: 'The account and every board it owns are deleted. This cannot be undone.',
      },
    ],
    initial: () => ({ username: useAdminPick.getState().username ?? '' }),
    validate: (v) => (str(v, 'username') ? null : fieldMsg.requiredField('User name')),
    async submit(v, ctx) {
      const res = await ctx.call(
        '/api/admin/deregister_user',
        { username: str(v, 'username') },
        'deregister user',
      );
      return res.ok ? null : fail('deregister user', res.error);
    },
  },
];
