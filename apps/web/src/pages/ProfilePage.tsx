import { useQuery } from '@tanstack/react-query';
import { counted, isGuestUser, type PublicUser } from '@listboard/core';
import type { BasicUser, MyGroup } from '@listboard/core/api/routes';
import { callApi, callApiGet, messageOr } from '../api/client';
import { useSession } from '../state/session';
import type { CommandContext } from '../commands/registry';
import { openFormById } from './openForm';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : '—');
const onOff = (v: unknown) => (v === true ? 'On' : 'Off');

/** “Tuesday Seminar (private, yours, 24 members)”: a group as one's profile lists it. */
function groupLine(g: MyGroup, me: string): string {
  const marks = [
    ...(g.isPrivate ? ['private'] : []),
    ...(g.owner === me ? ['yours'] : []),
    ...(g.members !== null ? [counted(g.members, 'member')] : []),
  ];
  return marks.length ? `${g.name} (${marks.join(', ')})` : g.name;
}

/**
 * A user's profile fields. One's own profile shows everything, with an edit button for a
 * registered account; someone else's shows what they have made public.
 */
export function ProfilePage({ owner, ctx }: { owner: string; ctx: CommandContext }) {
  const me = useSession((s) => s.user);
  const mine = me?.username === owner;
  // One's own profile is the session's user, which the edit form refreshes when it saves.
  const other = useQuery({
    queryKey: ['boards', 'page', 'profile', owner],
    enabled: !mine,
    queryFn: async (): Promise<BasicUser> => {
      const res = await callApiGet('/api/auth/get_user_basic', { username: owner });
      if (!res.ok) throw new Error(messageOr(res.error, `Could not find the user ${owner}.`));
      return res.value;
    },
  });
  // One's groups as they are now: a join, a leave or a removal changes them (each is a change
  // call, which has every 'boards' query asked again).
  const signedIn = mine && !isGuestUser(me);
  const myGroups = useQuery({
    queryKey: ['boards', 'page', 'my-groups', owner],
    enabled: signedIn,
    staleTime: 0,
    queryFn: async (): Promise<MyGroup[]> => {
      const res = await callApi('/api/forms/my_groups', {});
      if (!res.ok) throw new Error(messageOr(res.error, 'Could not read your groups.'));
      return res.value;
    },
  });
  const data: BasicUser | PublicUser | undefined = mine ? me : other.data;
  if (!mine && other.isPending) return <p className="empty">Loading…</p>;
  if (!data) return <p className="error">{other.error?.message}</p>;
  const f: Record<string, unknown> = data.fields;
  const groups = signedIn ? (myGroups.data ?? null) : null;
  const leavable = groups?.some((g) => g.owner !== owner) ?? false;
  return (
    <div className="profile">
      <dl className="page-fields" data-tour="profile-fields">
        <dt>User name</dt>
        <dd>{data.username}</dd>
        <dt>Name</dt>
        <dd>{text(data.fullname || f.fullname)}</dd>
        <dt>Title</dt>
        <dd>{text(f.title)}</dd>
        {data.email !== null && (
          <>
            <dt>E-mail</dt>
            <dd>{data.email}</dd>
          </>
        )}
        {mine && (
          <>
            <dt>Phone</dt>
            <dd>{text(f.phone)}</dd>
          </>
        )}
        <dt>Bio</dt>
        <dd className="page-bio">{text(f.bio)}</dd>
      </dl>
      {mine && (
        <dl className="page-fields" data-tour="profile-alerts">
          <dt>Text alerts</dt>
          <dd>{onOff(f.textAlerts)}</dd>
          <dt>E-mail alerts</dt>
          <dd>
            {f.emailAlerts === true
              ? [
                  'On',
                  ...(f.groupAlerts === true ? ['with my groups’ notes'] : []),
                  ...(f.alertDigest === true ? ['one mail a day'] : []),
                ].join(', ')
              : onOff(f.emailAlerts)}
          </dd>
        </dl>
      )}
      <dl className="page-fields">
        <dt>Roles</dt>
        <dd>{data.roles.join(', ') || '—'}</dd>
        <dt>Circle</dt>
        <dd>{text(data.circle)}</dd>
        {groups && (
          <>
            <dt>Groups</dt>
            <dd>{groups.map((g) => groupLine(g, owner)).join('; ') || '—'}</dd>
          </>
        )}
        {mine && (
          <>
            <dt>Launch date</dt>
            <dd>{text(f.launchDate)}</dd>
          </>
        )}
      </dl>
      {mine && !isGuestUser(me) && (
        <p className="page-actions">
          <button
            type="button"
            className="tool"
            data-tour="profile-edit"
            onClick={() =>
              openFormById(ctx, 'editProfile', 'The edit profile form is not available.')
            }
          >
            Edit profile
          </button>
          {leavable && (
            <button
              type="button"
              className="tool"
              onClick={() => openFormById(ctx, 'leaveGroup', 'The leave form is not available.')}
            >
              Leave a group
            </button>
          )}
        </p>
      )}
    </div>
  );
}
