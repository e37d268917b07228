import { GUEST_USER } from '@listboard/core';
import { useEffect } from 'react';
import type { CommandContext } from '../commands/registry';
import { useUi } from '../state/ui';
import { useSession } from '../state/session';
import { useAdminPick } from './adminState';
import { openFormById } from './openForm';
import { usePageData } from './query';
import { when } from './format';

/** The admin's users page: every account, with its roles, circle, groups and last visit. */
export function AccountsPage({ ctx }: { ctx: CommandContext }) {
  const pick = useAdminPick((s) => s.pick);
  const adminUser = useSession((s) => s.adminUser);
  // The server keeps these accounts; offering to remove them would only end in a refusal.
  const removable = (username: string) =>
    username !== adminUser && username !== GUEST_USER && username !== ctx.user?.username;
  const { data, error, isPending, refetch } = usePageData(['accounts'], '/api/admin/users', {});
  // Some account forms (add user) answer without refreshing the boards; read again on close.
  const formOpen = useUi((s) => s.form !== null);
  useEffect(() => {
    if (!formOpen) void refetch();
  }, [formOpen, refetch]);
  const act = (username: string, form: string) => {
    pick(username);
    openFormById(ctx, form, 'That form is not available.');
  };
  if (isPending) return <p className="empty">Loading…</p>;
  if (error) return <p className="error">{error.message}</p>;
  return (
    <div className="accounts">
      <p className="page-actions">
        <button
          type="button"
          className="tool"
          onClick={() => openFormById(ctx, 'addUser', 'The add user form is not available.')}
        >
          Add user
        </button>
        <span className="page-note">{data.length} accounts</span>
      </p>
      <div className="table-wrap">
        <table className="page-table" aria-label="All users">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Roles</th>
              <th scope="col">Circle</th>
              <th scope="col">Groups</th>
              <th scope="col">Last seen</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((u) => (
              <tr key={u._id} aria-label={u.username}>
                <td data-label="User">
                  <div>
                    <strong>{u.username}</strong>
                    <span className="page-note"> {u.fullname}</span>
                    {u.email && <div className="page-note">{u.email}</div>}
                  </div>
                </td>
                <td data-label="Roles">{u.roles.join(', ')}</td>
                <td data-label="Circle">{u.circle ?? '—'}</td>
                <td data-label="Groups">{u.groups.join(', ') || '—'}</td>
                <td data-label="Last seen">
                  {u.online ? (
                    <span>
                      <span className="online-dot" aria-hidden="true" /> now
                    </span>
                  ) : (
                    when(u.lastSeen)
                  )}
                </td>
                <td className="row-actions">
                  <button
                    type="button"
                    className="tool"
                    aria-label={`Edit ${u.username}`}
                    onClick={() => act(u.username, 'adminUser')}
                  >
                    Edit
                  </button>
                  {removable(u.username) && (
                    <button
                      type="button"
                      className="tool danger"
                      aria-label={`Deregister ${u.username}`}
                      onClick={() => act(u.username, 'adminDeregister')}
                    >
                      Deregister
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
