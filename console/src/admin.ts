/**
 * The admin pages of an account (docs/review.md "Admin pages"). Every call goes through the member
 * routes with the session cookie and CSRF token; the service enforces the admin role, these pages only
 * hide what a member could not do anyway.
 */
import { changeRole, removeMember, signedInMember, team, type ListedMember } from './api.js';
import { announce, h } from './dom.js';

const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  reviewer: 'Reviewer',
  viewer: 'Viewer',
};

/** The account's members, each with a role control and a remove button. */
export function membersSection(): HTMLElement {
  const status = h('p', { id: 'members-status', role: 'status' }, 'Loading members…');
  const body = h('tbody', {});
  const section = h(
    'section',
    { class: 'panel', 'aria-labelledby': 'members-title' },
    h('h2', { id: 'members-title' }, 'Members'),
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { id: 'members' },
        h('caption', { class: 'sr-only' }, 'Members of the account and their roles'),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, 'Name'),
            h('th', { scope: 'col' }, 'Email'),
            h('th', { scope: 'col' }, 'Role'),
            h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'Remove')),
          ),
        ),
        body,
      ),
    ),
    status,
  );

  const row = (member: ListedMember): HTMLTableRowElement => {
    const me = signedInMember()?.id === member.id;
    const select = h(
      'select',
      { 'aria-label': `Role of ${member.display_name}`, 'data-member-id': member.id },
      ...Object.entries(ROLE_LABELS).map(([value, label]) =>
        h('option', { value, selected: value === member.role }, label),
      ),
    );
    select.addEventListener('change', () => {
      const role = select.value;
      status.textContent = 'Saving…';
      changeRole(member.id, role).then(
        (changed) => {
          status.textContent = `${changed.display_name} is now ${ROLE_LABELS[changed.role]}.`;
          announce(status.textContent);
          // Stepping down from admin ends this page's use: reload to the queue.
          if (me && changed.role !== 'admin') location.assign('#/');
        },
        (failure: Error) => {
          select.value = member.role;
          status.textContent = failure.message;
          announce(failure.message, true);
        },
      );
    });
    const remove = h(
      'button',
      { type: 'button', class: 'btn', 'aria-label': `Remove ${member.display_name}` },
      me ? 'Leave' : 'Remove',
    );
    remove.addEventListener('click', () => {
      if (
        !confirm(`Remove ${member.display_name} (${member.email}) from the account? Their sessions end now.`)
      )
        return;
      removeMember(member.id).then(
        () => {
          status.textContent = `${member.display_name} was removed.`;
          announce(status.textContent);
          if (me) location.reload();
          else void load();
        },
        (failure: Error) => {
          status.textContent = failure.message;
          announce(failure.message, true);
        },
      );
    });
    return h(
      'tr',
      {},
      h('td', {}, member.display_name),
      h('td', {}, member.email),
      h('td', {}, select),
      h('td', {}, remove),
    );
  };

  const load = async () => {
    try {
      const { members } = await team();
      body.replaceChildren(...members.map(row));
      status.textContent = '';
    } catch (failure) {
      status.textContent = (failure as Error).message;
    }
  };
  void load();
  return section;
}
