/** New board: a board of one's own, linked from one's home board unless one unchecks that. */
import { boardTitleProblem } from '@listboard/core';
import type { FormDef } from './registry';
import { LINK_HOME_FIELD, LISTED_FIELD, fail, str } from './helpers';
import { linkFromHome } from '../board/addToHome';
import { boardHref } from '../board/itemLink';

export const NEW_BOARD_FORM: FormDef = {
  id: 'insertMultilist',
  label: 'New board',
  fields: [
    { name: 'titleText', label: 'Title', type: 'text', required: true },
    { name: 'descText', label: 'Description', type: 'textarea' },
    LISTED_FIELD,
    LINK_HOME_FIELD,
  ],
  initial: () => ({ titleText: '', descText: '', listed: true, linkHome: true }),
  validate: (v) => boardTitleProblem(str(v, 'titleText')),
  errorField: (message) => (/title|a board at/i.test(message) ? 'titleText' : null),
  async submit(v, ctx) {
    const [titleText, descText, listed] = [
      str(v, 'titleText'),
      str(v, 'descText'),
      Boolean(v.listed),
    ];
    const made = await ctx.api('/api/forms/insert_multilist', { titleText, descText, listed });
    if (!made.ok) return fail('insert board', made.error);
    const board = { ...made.value, description: descText, listed, hasPassword: false };
    if (v.linkHome && ctx.user) await linkFromHome(board, ctx.user.username, ctx.call);
    ctx.navigate(boardHref(board));
    return null;
  },
};
