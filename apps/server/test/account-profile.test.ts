import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from './harness';
import {
  createAccountApp,
  expectNoSecretsInResponses,
  lastMailTo,
  tokenIn,
  type AccountTestContext,
} from './account-harness';

let t: AccountTestContext;
beforeAll(async () => {
  t = await createAccountApp();
});
afterAll(async () => t.close());

/** A verified account of its own, signed in. */
async function newUser(name: string, password = 'pass-word-1'): Promise<Agent> {
  const a = t.agent();
  await a.post('/api/auth/register', { username: name, email: `${name}@example.org`, password });
  const token = tokenIn(lastMailTo(t, `${name}@example.org`), 'verifyEmailToken');
  await a.get(`/api/auth/verify_email?token=${token}`);
  await a.signIn(name, password);
  return a;
}

describe('edit_profile', () => {
  it('writes only the fields sent and answers with the user', async () => {
    const a = await newUser('fay');
    const res = await a.post('/api/forms/edit_profile', {
      profile: { fullname: 'Fay Wray', bio: 'Climbs.', textAlerts: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      changed: ['fullname', 'bio', 'textAlerts'],
      messages: [],
      user: {
        fullname: 'Fay Wray',
        fields: { fullname: 'Fay Wray', bio: 'Climbs.', textAlerts: true, emailAlerts: true },
      },
    });
  });

  it('keeps a name as others will see it: no hidden characters, no direction overrides', async () => {
    const a = await newUser('hal');
    for (const [typed, kept] of [
      // The author's name with a zero-width space after it, to pass for them.
      ['Maya Ortiz\u200B', 'Maya Ortiz'],
      // A right-to-left override shows the letters after it backwards: "(admin)" as "(nimda)".
      ['\u202EHal (nimda)', 'Hal (nimda)'],
      ['  Hal\u00AD  Kim ', 'Hal Kim'],
      ['Nguye\u0302\u0303n', 'Nguyễn'],
      // Joiners stay: names in Persian and emoji need them.
      ['Nargis\u200Czadeh 👩🏽\u200D🏫', 'Nargis\u200Czadeh 👩🏽\u200D🏫'],
    ]) {
      const res = await a.post('/api/forms/edit_profile', { profile: { fullname: typed } });
      expect(res.json().user, typed).toMatchObject({ fullname: kept, fields: { fullname: kept } });
    }
  });

  it('keeps text or email alerts on, with the spec message', async () => {
    const a = await newUser('gus');
    const res = await a.post('/api/forms/edit_profile', { profile: { emailAlerts: false } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'Please enable (check) either text alert, email alerts, or both.',
    );
    const both = await a.post('/api/forms/edit_profile', {
      profile: { emailAlerts: false, textAlerts: true },
    });
    expect(both.statusCode).toBe(200);
  });

  it('turns spaces in the photo name into hyphens and skips a photo that is not an image', async () => {
    const a = await newUser('hal');
    const ok = await a.post('/api/forms/edit_profile', {
      profile: { photoFilename: 'my summer photo.JPG' },
    });
    expect(ok.json().user.fields.photoFilename).toBe('my-summer-photo.JPG');
    const skipped = await a.post('/api/forms/edit_profile', {
      profile: { photoFilename: 'resume final.docx', title: 'Pilot' },
    });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json()).toMatchObject({
      changed: ['title'],
      messages: [
        'The photo resume-final.docx was skipped: its file type is not a supported image.',
      ],
      user: { fields: { photoFilename: 'my-summer-photo.JPG', title: 'Pilot' } },
    });
  });

  it('refuses fields that are not profile fields', async () => {
    const a = await newUser('ida');
    for (const profile of [
      { roles: ['lbadmin'] },
      { passwordHash: 'x' },
      { touredBoardCategs: [] },
    ]) {
      const res = await a.post('/api/forms/edit_profile', { profile });
      expect(res.statusCode, JSON.stringify(profile)).toBe(400);
    }
    const res = await a.post('/api/forms/edit_profile', { profile: { phone: 42 } });
    expect(res.statusCode).toBe(400);
  });

  it('is for signed-in users, not the guest', async () => {
    const g = t.agent();
    await g.signInGuest();
    const res = await g.post('/api/forms/edit_profile', { profile: { bio: 'hi' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('update_user_fields_tourCateg', () => {
  it('records a category as toured and as not toured', async () => {
    const a = await newUser('jon');
    const on = await a.post('/api/display/update_user_fields_tourCateg', {
      tourCateg: 'author-home',
      value: true,
    });
    expect(on.json().user.fields).toMatchObject({
      touredBoardCategs: ['author-home'],
      tourCateg: { 'author-home': true },
    });
    const off = await a.post('/api/display/update_user_fields_tourCateg', {
      tourCateg: 'author-home',
      value: false,
    });
    expect(off.json().user.fields).toMatchObject({
      touredBoardCategs: [],
      tourCateg: { 'author-home': false },
    });
    const bad = await a.post('/api/display/update_user_fields_tourCateg', {
      tourCateg: 'bio"; drop',
      value: true,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('user.custom.update.admin', () => {
  it('is refused to anyone but the site admin', async () => {
    const a = t.agent();
    await a.signIn('author');
    const res = await a.post('/api/display/user.custom.update.admin', {
      username: 'reader',
      roles: ['lbadmin'],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Only the site admin may do this.');
  });

  it('sets roles, fields, email and uploads folder of any user', async () => {
    await newUser('kim');
    const admin = t.agent();
    await admin.signIn('admin');
    const res = await admin.post('/api/display/user.custom.update.admin', {
      username: 'kim',
      roles: ['author', 'demo'],
      fields: { title: 'Editor', touredBoardCategs: ['reader-home'] },
      email: 'kim@new.example.org',
      uploadsFolder: 'uploads/kim',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      username: 'kim',
      roles: ['author', 'demo'],
      email: 'kim@new.example.org',
      uploadsFolder: 'uploads/kim',
      fields: { title: 'Editor', touredBoardCategs: ['reader-home'], emailAlerts: true },
    });
  });

  it('answers bad values with their messages', async () => {
    const admin = t.agent();
    await admin.signIn('admin');
    const call = (body: object) =>
      admin.post('/api/display/user.custom.update.admin', { username: 'reader', ...body });
    const role = await call({ roles: ['reader', 'wizard'] });
    expect(role.statusCode).toBe(400);
    expect(role.json().error).toBe('wizard is not a valid role.');
    const taken = await call({ email: 'author@listboard.local' });
    expect(taken.statusCode).toBe(403);
    expect(taken.json().error).toBe('This email is already in use.');
    expect((await call({ email: 'nope' })).json().error).toBe(
      'Please enter a valid email address.',
    );
    expect((await call({ uploadsFolder: '../etc' })).statusCode).toBe(400);
    expect((await call({ fields: { password: 'x' } })).statusCode).toBe(400);
    const missing = await admin.post('/api/display/user.custom.update.admin', {
      username: 'nobody',
      roles: ['reader'],
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Not a registered user: nobody');
  });
});

describe('deregister_user', () => {
  it('needs the signed-in user’s own address', async () => {
    const a = await newUser('lee');
    const other = await a.post('/api/forms/deregister_user', {
      username: 'lee',
      email: 'author@listboard.local',
      password: 'pass-word-1',
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe('You must be logged in to deregister.');
    const otherName = await a.post('/api/forms/deregister_user', {
      username: 'author',
      email: 'lee@example.org',
      password: 'pass-word-1',
    });
    expect(otherName.json().error).toBe('You must be logged in to deregister.');
    const g = t.agent();
    await g.signInGuest();
    const guest = await g.post('/api/forms/deregister_user', {
      email: 'lee@example.org',
      password: 'pass-word-1',
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error).toBe('You must be logged in to deregister.');
  });

  it('needs the password', async () => {
    const a = await newUser('max');
    const res = await a.post('/api/forms/deregister_user', {
      username: 'max',
      email: 'max@example.org',
      password: 'wrong-one',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Invalid credentials for: max');
  });

  it('deletes the account and its boards, and signs the browser in as guest', async () => {
    const a = await newUser('ned');
    const board = await a.post('/api/forms/insert_multilist', {
      titleText: 'Ned notes',
      descText: 'mine',
      listed: true,
    });
    expect(board.statusCode).toBe(200);
    const res = await a.post('/api/forms/deregister_user', {
      username: 'ned',
      email: 'NED@example.org',
      password: 'pass-word-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'You have been logged out and your account has been deleted.',
      user: { username: 'guest' },
    });
    expect((await a.get('/api/auth/session')).json().user!.username).toBe('guest');
    expect(
      (await a.post('/api/display/is_registered_username', { username: 'ned' })).json(),
    ).toEqual({ registered: false });
    const signIn = await t
      .agent()
      .post('/api/auth/signin', { username: 'ned', password: 'pass-word-1' });
    expect(signIn.statusCode).toBe(401);
    const author = t.agent();
    await author.signIn('author');
    const boards = await author.post('/api/dbload/load_multilists', {
      addresses: ['/ned/ned-notes'],
    });
    expect(JSON.stringify(boards.json())).not.toContain('Ned notes');
    // The address is free again for a new account.
    const again = await t.agent().post('/api/auth/register', {
      username: 'ned2',
      email: 'ned@example.org',
      password: 'pass-word-1',
    });
    expect(again.statusCode).toBe(200);
  });

  it('ends every session of the account, in other browsers too', async () => {
    const a = await newUser('pia');
    const phone = t.agent();
    await phone.signIn('pia', 'pass-word-1');
    expect((await phone.get('/api/auth/session')).json().user!.username).toBe('pia');
    const res = await a.post('/api/forms/deregister_user', {
      email: 'pia@example.org',
      password: 'pass-word-1',
    });
    expect(res.statusCode).toBe(200);
    expect((await phone.get('/api/auth/session')).json().user).toBeNull();
    const write = await phone.post('/api/forms/edit_profile', { profile: { bio: 'x' } });
    expect(write.statusCode).toBe(401);
  });

  it('keeps a removed user’s name taken while their notes remain on other boards', async () => {
    const a = await newUser('ora');
    const owner = t.agent();
    await owner.signIn('author');
    const course = (
      await owner.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
    ).json()[0]!;
    const item = course.lists[0]!.items[0]!;
    const note = await a.post('/api/forms/insert_note', {
      listId: item.listId,
      itemId: item._id,
      noteSpec: { text: 'A note from Ora' },
    });
    expect(note.statusCode).toBe(200);
    await a.post('/api/forms/deregister_user', {
      username: 'ora',
      email: 'ora@example.org',
      password: 'pass-word-1',
    });
    const res = await t.agent().post('/api/auth/register', {
      username: 'ora',
      email: 'impostor@example.org',
      password: 'pass-word-1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Oops: unable to create user ora: that user name is taken');
  });

  it('does not remove the admin account', async () => {
    const admin = t.agent();
    await admin.signIn('admin');
    const res = await admin.post('/api/forms/deregister_user', {
      username: 'admin',
      email: 'admin@listboard.local',
      password: 'listboard',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Oops. There was a problem removing your account!');
  });
});

describe('responses', () => {
  it('never carry a password hash, a token or a token hash', async () => {
    await expectNoSecretsInResponses(t);
  });
});
