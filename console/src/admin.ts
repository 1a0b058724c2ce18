/**
 * The admin pages of an account (docs/review.md "Admin pages"). Every call goes through the member
 * routes with the session cookie and CSRF token; the service enforces the admin role, these pages only
 * hide what a member could not do anyway.
 */
import {
  accountKeys,
  allowSso,
  accountWebhooks,
  operatorAccounts,
  openAccount,
  operatorHealth,
  createPublishableKey,
  publishableKeys,
  revokePublishableKey,
  setOrigins,
  type PublishableKey,
  changeRole,
  createAccountWebhook,
  disableAccountWebhook,
  removeMember,
  revokeAccountKey,
  rollAccountKey,
  revokeInvitation,
  retention,
  redeliverMissed,
  retryDelivery,
  saveRetention,
  branding,
  saveBranding,
  saveLogo,
  type Branding,
  saveSso,
  signedInMember,
  team,
  webhookDeliveries,
  type AccountApiKey,
  type AccountEndpoint,
  type Invitation,
  type ListedMember,
  type Retention,
} from './api.js';
import { announce, h, showPage } from './dom.js';

const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  reviewer: 'Reviewer',
  viewer: 'Viewer',
};

const minute = (iso: string) => `${iso.replace('T', ' ').slice(0, 16)} UTC`;

/** Who a member id names, for the lists that say who made an invitation or minted a key. */
const nameOf = (members: ListedMember[], id: number | null, nobody: string) =>
  id === null ? nobody : (members.find((m) => m.id === id)?.email ?? `former member #${id}`);

/**
 * The account's invitations not yet used, revoked or expired, each with who made it and a revoke
 * button: a link someone no longer trusted made stops working at once.
 */
function invitationsTable(
  invitations: Invitation[],
  members: ListedMember[],
  status: HTMLElement,
  reload: () => Promise<void>,
): HTMLElement {
  const now = Date.now();
  const pending = invitations.filter(
    (i) => !i.accepted_at && !i.revoked_at && Date.parse(`${i.expires_at}Z`) > now,
  );
  if (pending.length === 0) return h('p', { class: 'hint', id: 'invitations' }, 'No pending invitations.');
  const row = (invitation: Invitation) => {
    const revoke = h(
      'button',
      { type: 'button', class: 'btn', 'aria-label': `Revoke the invitation of ${invitation.email}` },
      'Revoke',
    );
    revoke.addEventListener('click', () => {
      if (!confirm(`Revoke the invitation of ${invitation.email}? Its link stops working now.`)) return;
      revokeInvitation(invitation.id).then(
        () => {
          status.textContent = `The invitation of ${invitation.email} was revoked.`;
          announce(status.textContent);
          void reload();
        },
        (failure: Error) => announce(failure.message, true),
      );
    });
    return h(
      'tr',
      { 'data-invitation-id': invitation.id },
      h('td', {}, invitation.email),
      h('td', {}, ROLE_LABELS[invitation.role] ?? invitation.role),
      h('td', {}, nameOf(members, invitation.invited_by, 'the host (CLI)')),
      h('td', {}, minute(invitation.expires_at)),
      h('td', {}, revoke),
    );
  };
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { id: 'invitations' },
      h('caption', {}, 'Pending invitations'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Email'),
          h('th', { scope: 'col' }, 'Role'),
          h('th', { scope: 'col' }, 'Invited by'),
          h('th', { scope: 'col' }, 'Expires'),
          h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'Revoke')),
        ),
      ),
      h('tbody', {}, ...pending.map(row)),
    ),
  );
}

/** The account's members, each with a role control and a remove button, and its pending invitations. */
export function membersSection(): HTMLElement {
  const status = h('p', { id: 'members-status', role: 'status' }, 'Loading members…');
  const body = h('tbody', {});
  const invitations = h('div', {});
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
            h('th', { scope: 'col' }, 'Single sign-on'),
            h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'Remove')),
          ),
        ),
        body,
      ),
    ),
    invitations,
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
      if (
        !confirm(
          `Make ${member.display_name} ${ROLE_LABELS[role]} instead of ${ROLE_LABELS[member.role]}?${me && role !== 'admin' ? ' You lose the admin pages.' : ''}`,
        )
      ) {
        select.value = member.role;
        return;
      }
      status.textContent = 'Saving…';
      changeRole(member.id, role).then(
        (changed) => {
          member.role = changed.role;
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
      'Remove',
    );
    remove.addEventListener('click', () => {
      if (
        !confirm(
          `Remove ${member.display_name} (${member.email}) from the account? Their sessions end now and the invitations they made are revoked.`,
        )
      )
        return;
      removeMember(member.id).then(
        (removed) => {
          status.textContent = `${member.display_name} was removed; ${removed.revoked_invitations} pending invitation(s) they made were revoked.`;
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
    // Single sign-on signs in a member who joined by invitation only once allowed here; never an operator.
    const sso = h('input', {
      type: 'checkbox',
      'aria-label': `Single sign-on allowed for ${member.display_name}`,
      checked: member.sso_allowed,
      disabled: member.operator,
    });
    sso.addEventListener('change', () => {
      allowSso(member.id, sso.checked).then(
        (changed) =>
          announce(
            `Single sign-on is ${changed.sso_allowed ? 'allowed' : 'no longer allowed'} for ${member.display_name}.`,
          ),
        (failure: Error) => {
          sso.checked = !sso.checked;
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
      h('td', {}, sso),
      h('td', {}, remove),
    );
  };

  const load = async () => {
    try {
      const { members, invitations: sent } = await team();
      body.replaceChildren(...members.map(row));
      invitations.replaceChildren(invitationsTable(sent, members, status, load));
      status.textContent = '';
    } catch (failure) {
      status.textContent = (failure as Error).message;
    }
  };
  void load();
  return section;
}

const field = (id: string, label: string, input: HTMLElement, hint?: string) => [
  h('label', { for: id }, label),
  input,
  hint ? h('p', { class: 'hint' }, hint) : null,
];

/**
 * The account's webhook endpoints: each receives the events of every verification of the account
 * (of its mode), whichever key created it. The signing secret shows once, when the endpoint is made.
 */
export function webhooksPage(): void {
  const status = h('p', { id: 'webhooks-status', role: 'status' }, 'Loading endpoints…');
  const list = h('div', { id: 'webhook-list' });
  const url = h('input', {
    id: 'webhook-url',
    name: 'url',
    type: 'url',
    required: true,
    autocomplete: 'off',
  });
  const events = h('input', { id: 'webhook-events', name: 'events', value: '*', autocomplete: 'off' });
  const mode = h(
    'select',
    { id: 'webhook-mode', name: 'mode' },
    h('option', { value: 'live' }, 'Live verifications'),
    h('option', { value: 'test' }, 'Test verifications'),
  );
  const created = h('p', { id: 'webhook-created', role: 'status' });
  const form = h(
    'form',
    { class: 'panel signin', novalidate: true },
    h('h2', {}, 'Add an endpoint'),
    ...field('webhook-url', 'Endpoint URL (https)', url),
    ...field('webhook-events', 'Events', events, 'Event names separated by commas, or * for every event.'),
    ...field('webhook-mode', 'Mode', mode),
    h('button', { type: 'submit', class: 'btn primary' }, 'Add endpoint'),
    created,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    created.textContent = 'Adding…';
    const names = events.value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    createAccountWebhook(url.value.trim(), names, mode.value).then(
      (endpoint) => {
        created.replaceChildren(
          'Endpoint added. Its signing secret is shown only now; keep it where your receiver can read it: ',
          h('input', {
            id: 'webhook-secret',
            readonly: true,
            value: endpoint.secret,
            'aria-label': 'Signing secret',
          }),
        );
        void load();
      },
      (failure: Error) => {
        created.textContent = failure.message;
      },
    );
  });

  const deliveriesOf = (endpoint: AccountEndpoint, into: HTMLElement) => {
    into.textContent = 'Loading deliveries…';
    webhookDeliveries(endpoint.id).then(
      ({ data }) => {
        if (data.length === 0) {
          into.textContent = 'No deliveries yet.';
          return;
        }
        into.replaceChildren(
          h(
            'ul',
            { class: 'deliveries' },
            ...data.map((d) => {
              const retry = h('button', { type: 'button', class: 'btn' }, 'Send again');
              retry.addEventListener('click', () => {
                retryDelivery(d.id).then(
                  () => deliveriesOf(endpoint, into),
                  (failure: Error) => announce(failure.message, true),
                );
              });
              return h(
                'li',
                {},
                `${d.created_at.replace('T', ' ').slice(0, 19)} · ${d.event} · ${d.status} (${d.attempt_count} attempts) `,
                retry,
              );
            }),
          ),
        );
      },
      (failure: Error) => {
        into.textContent = failure.message;
      },
    );
  };

  /** A receiver that is down: how many events it missed, and one click to send them all again. */
  const failingNotice = (endpoint: AccountEndpoint, failing: { deliveries: number; since: string }) => {
    const resend = h('button', { type: 'button', class: 'btn primary' }, 'Send the missed events again');
    resend.addEventListener('click', () => {
      resend.setAttribute('disabled', '');
      redeliverMissed(endpoint.id).then(
        ({ redelivered }) => {
          announce(`${redelivered} events queued for ${endpoint.url}.`);
          void load();
        },
        (failure: Error) => {
          resend.removeAttribute('disabled');
          announce(failure.message, true);
        },
      );
    });
    return h(
      'p',
      { class: 'fail', role: 'status', 'data-failing': failing.deliveries },
      `Failing: ${failing.deliveries} ${failing.deliveries === 1 ? 'delivery' : 'deliveries'} failed since ${failing.since.replace('T', ' ').slice(0, 16)} UTC, every attempt spent. Once the receiver is back: `,
      resend,
    );
  };

  const card = (endpoint: AccountEndpoint) => {
    const deliveries = h('div', { class: 'hint' });
    const show = h('button', { type: 'button', class: 'btn' }, 'Recent deliveries');
    show.addEventListener('click', () => deliveriesOf(endpoint, deliveries));
    const disable = h('button', { type: 'button', class: 'btn' }, 'Disable');
    disable.addEventListener('click', () => {
      if (!confirm(`Disable ${endpoint.url}? Deliveries stop and pending ones are cancelled.`)) return;
      disableAccountWebhook(endpoint.id).then(
        () => void load(),
        (failure: Error) => announce(failure.message, true),
      );
    });
    return h(
      'section',
      { class: 'panel webhook', 'data-endpoint-id': endpoint.id },
      h('h3', {}, endpoint.url),
      h('p', {}, `${endpoint.mode} · ${endpoint.events.join(', ')}`),
      endpoint.failing ? failingNotice(endpoint, endpoint.failing) : null,
      show,
      ' ',
      disable,
      deliveries,
    );
  };

  const load = async () => {
    try {
      const endpoints = await accountWebhooks();
      list.replaceChildren(...endpoints.map(card));
      status.textContent = endpoints.length === 0 ? 'No endpoints yet.' : '';
    } catch (failure) {
      status.textContent = (failure as Error).message;
    }
  };
  void load();
  showPage(
    'Webhooks',
    h(
      'p',
      { class: 'hint' },
      "The account's endpoints receive the events of every verification of the account, whichever API key created it.",
    ),
    status,
    list,
    form,
  );
}

/** Retention (each period at most the deployment's) and single sign-on. */
export function settingsPage(): void {
  const status = h('p', { id: 'retention-status', role: 'status' }, 'Loading…');
  const inputs = {
    media_days: h('input', { id: 'retention-media', type: 'number', min: 1, inputmode: 'numeric' }),
    pii_days: h('input', { id: 'retention-pii', type: 'number', min: 1, inputmode: 'numeric' }),
    template_days: h('input', { id: 'retention-template', type: 'number', min: 1, inputmode: 'numeric' }),
  };
  const hints = {
    media_days: h('p', { class: 'hint' }),
    pii_days: h('p', { class: 'hint' }),
    template_days: h('p', { class: 'hint' }),
  };
  const show = (current: Retention) => {
    for (const key of ['media_days', 'pii_days', 'template_days'] as const) {
      inputs[key].value = current.account[key] === null ? '' : String(current.account[key]);
      inputs[key].max = String(current.deployment[key]);
      hints[key].textContent =
        `Applied: ${current.applied[key]} days. At most ${current.deployment[key]} (this deployment's); empty keeps that.`;
    }
  };
  const retentionForm = h(
    'form',
    { class: 'panel signin', novalidate: true },
    h('h2', {}, 'Retention'),
    h('label', { for: 'retention-media' }, 'Images and video, days after the decision'),
    inputs.media_days,
    hints.media_days,
    h('label', { for: 'retention-pii' }, 'Personal data, days after the decision'),
    inputs.pii_days,
    hints.pii_days,
    h('label', { for: 'retention-template' }, 'Face templates, days after they were stored'),
    inputs.template_days,
    hints.template_days,
    h('button', { type: 'submit', class: 'btn primary' }, 'Save retention'),
    status,
  );
  const days = (input: HTMLInputElement) => (input.value.trim() === '' ? null : Number(input.value));
  retentionForm.addEventListener('submit', (event) => {
    event.preventDefault();
    status.textContent = 'Saving…';
    saveRetention({
      media_days: days(inputs.media_days),
      pii_days: days(inputs.pii_days),
      template_days: days(inputs.template_days),
    }).then(
      (saved) => {
        show(saved);
        status.textContent = 'Saved.';
        announce('Retention saved.');
      },
      (failure: Error) => {
        status.textContent = failure.message;
      },
    );
  });
  retention().then(
    (current) => {
      show(current);
      status.textContent = '';
    },
    (failure: Error) => {
      status.textContent = failure.message;
    },
  );

  const ssoStatus = h('p', { id: 'sso-status', role: 'status' });
  const issuer = h('input', { id: 'sso-issuer', type: 'url', required: true, autocomplete: 'off' });
  const clientId = h('input', { id: 'sso-client-id', required: true, autocomplete: 'off' });
  const secret = h('input', {
    id: 'sso-secret',
    type: 'password',
    required: true,
    autocomplete: 'new-password',
  });
  const domains = h('input', { id: 'sso-domains', required: true, autocomplete: 'off' });
  const ssoForm = h(
    'form',
    { class: 'panel signin', novalidate: true },
    h('h2', {}, 'Single sign-on (OpenID Connect)'),
    ...field('sso-issuer', 'Issuer URL', issuer),
    ...field('sso-client-id', 'Client id', clientId),
    ...field(
      'sso-secret',
      'Client secret',
      secret,
      'Stored sealed and never shown again; enter it each time you save.',
    ),
    ...field('sso-domains', 'Allowed email domains', domains, 'Separated by commas, e.g. example.com.'),
    h('button', { type: 'submit', class: 'btn primary' }, 'Save single sign-on'),
    ssoStatus,
  );
  ssoForm.addEventListener('submit', (event) => {
    event.preventDefault();
    ssoStatus.textContent = 'Saving…';
    saveSso({
      issuer: issuer.value.trim(),
      client_id: clientId.value.trim(),
      client_secret: secret.value,
      allowed_domains: domains.value
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean),
    }).then(
      (saved) => {
        secret.value = '';
        ssoStatus.textContent = `Saved: members with an address at ${saved.allowed_domains.join(', ')} sign in through ${saved.issuer}.`;
      },
      (failure: Error) => {
        ssoStatus.textContent = failure.message;
      },
    );
  });
  showPage('Settings', retentionForm, brandingForm(), ssoForm);
}

/** The hosted flow's branding: name, colour, links and logo, each checked by the service on save. */
function brandingForm(): HTMLFormElement {
  const status = h('p', { id: 'branding-status', role: 'status' });
  const name = h('input', { id: 'branding-name', maxlength: 80, autocomplete: 'off' });
  const colour = h('input', { id: 'branding-colour', type: 'color', value: '#1f5fd6' });
  const useColour = h('input', { id: 'branding-use-colour', type: 'checkbox' });
  const support = h('input', { id: 'branding-support', type: 'url', maxlength: 500, autocomplete: 'off' });
  const privacy = h('input', { id: 'branding-privacy', type: 'url', maxlength: 500, autocomplete: 'off' });
  const logo = h('input', { id: 'branding-logo', type: 'file', accept: 'image/png,image/jpeg,image/webp' });
  const logoState = h('p', { class: 'hint', id: 'branding-logo-state' });
  const removeLogo = h('button', { type: 'button', class: 'btn secondary' }, 'Remove logo');
  const show = (current: Branding) => {
    name.value = current.display_name ?? '';
    useColour.checked = current.colour !== null;
    if (current.colour) colour.value = current.colour;
    support.value = current.support_url ?? '';
    privacy.value = current.privacy_url ?? '';
    logoState.textContent = current.has_logo ? 'A logo is set.' : 'No logo.';
    removeLogo.hidden = !current.has_logo;
  };
  const done = (message: string) => (saved: Branding) => {
    show(saved);
    status.textContent = message;
    announce(message);
  };
  const failed = (failure: Error) => {
    status.textContent = failure.message;
  };
  const form = h(
    'form',
    { class: 'panel signin', novalidate: true },
    h('h2', {}, 'Branding'),
    h('p', { class: 'hint' }, 'What the capture flow shows your users. Empty fields are left out.'),
    ...field('branding-name', 'Display name', name, 'At most 80 characters.'),
    h('label', {}, useColour, ' Use a brand colour for buttons'),
    ...field(
      'branding-colour',
      'Brand colour',
      colour,
      'White text on it must reach a 4.5:1 contrast (WCAG AA); the service refuses lighter colours.',
    ),
    ...field('branding-support', 'Support page (https)', support),
    ...field('branding-privacy', 'Privacy policy (https)', privacy),
    h('button', { type: 'submit', class: 'btn primary' }, 'Save branding'),
    ...field('branding-logo', 'Logo', logo, 'PNG, JPEG or WebP, at most 100 KB; shown at most 32 px high.'),
    logoState,
    removeLogo,
    status,
  );
  const text = (input: HTMLInputElement) => (input.value.trim() === '' ? null : input.value.trim());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    status.textContent = 'Saving…';
    saveBranding({
      display_name: text(name),
      colour: useColour.checked ? colour.value : null,
      support_url: text(support),
      privacy_url: text(privacy),
    }).then(done('Branding saved.'), failed);
  });
  logo.addEventListener('change', () => {
    const file = logo.files?.[0];
    if (!file) return;
    status.textContent = 'Uploading…';
    const reader = new FileReader();
    reader.onload = () => {
      logo.value = '';
      saveLogo(String(reader.result)).then(done('Logo saved.'), failed);
    };
    reader.onerror = () => failed(new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
  removeLogo.addEventListener('click', () => {
    saveLogo(null).then(done('Logo removed.'), failed);
  });
  branding().then(show, failed);
  return form;
}

const originsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((o) => o.trim())
    .filter(Boolean);

/** Who minted an API key: the key above it, a console admin, or the host's CLI. */
function mintedBy(key: AccountApiKey, members: ListedMember[]): string {
  if (key.owner_key_id !== null) return `key #${key.owner_key_id}`;
  return nameOf(members, key.created_by_member_id, 'the host (CLI or first start)');
}

/** A rolled key stays usable this long by default: a day to deploy its successor. */
const ROLL_GRACE_SECONDS = 24 * 3600;

/**
 * The account's API keys with who minted each; an admin revokes any of them with the keys below it, or
 * rolls one: its successor's secret is shown once, here, and the old key keeps working for a day.
 */
function apiKeysTable(
  keys: AccountApiKey[],
  members: ListedMember[],
  reload: () => Promise<void>,
  rolledSecret: HTMLElement,
) {
  const row = (key: AccountApiKey) => {
    const roll = h(
      'button',
      { type: 'button', class: 'btn', 'aria-label': `Roll API key ${key.label}` },
      'Roll',
    );
    roll.addEventListener('click', () => {
      if (
        !confirm(
          `Roll ${key.label} (${key.key_prefix}…)? A new key takes over everything it owns; the old one keeps working for 24 hours.`,
        )
      )
        return;
      rollAccountKey(key.id, ROLL_GRACE_SECONDS).then(
        (rolled) => {
          rolledSecret.replaceChildren(
            h('p', {}, `The new key for ${rolled.label}, shown only now:`),
            h('code', {}, rolled.api_key),
            h('p', { class: 'hint' }, `The old key stops working ${minute(rolled.rolled_key.expires_at)}.`),
          );
          announce(`${key.label} was rolled.`);
          void reload();
        },
        (failure: Error) => announce(failure.message, true),
      );
    });
    const revoke = h(
      'button',
      { type: 'button', class: 'btn', 'aria-label': `Revoke API key ${key.label}` },
      'Revoke',
    );
    revoke.addEventListener('click', () => {
      if (
        !confirm(`Revoke ${key.label} (${key.key_prefix}…) and every key it minted? This cannot be undone.`)
      )
        return;
      revokeAccountKey(key.id).then(
        () => {
          announce(`${key.label} was revoked.`);
          void reload();
        },
        (failure: Error) => announce(failure.message, true),
      );
    });
    // A rolled key is rolled once; it is shown with its successor and the end of its grace.
    const actions = (k: AccountApiKey) =>
      k.successor_key_id !== null && k.expires_at !== null
        ? [`Rolled into key #${k.successor_key_id}; works until ${minute(k.expires_at)} `, revoke]
        : [roll, ' ', revoke];
    return h(
      'tr',
      { 'data-api-key-id': key.id },
      h('td', {}, `${key.label} (${key.key_prefix}…, ${key.mode})`),
      h('td', {}, key.scopes.join(', ')),
      h('td', {}, mintedBy(key, members)),
      h('td', {}, key.revoked_at ? `Revoked ${minute(key.revoked_at)}` : h('span', {}, ...actions(key))),
    );
  };
  return h(
    'section',
    { class: 'panel', 'aria-labelledby': 'api-keys-title' },
    h('h2', { id: 'api-keys-title' }, 'API keys'),
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { id: 'api-keys' },
        h('caption', { class: 'sr-only' }, 'API keys of the account and who minted each'),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, 'Key'),
            h('th', { scope: 'col' }, 'Scopes'),
            h('th', { scope: 'col' }, 'Minted by'),
            h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'Roll or revoke')),
          ),
        ),
        h('tbody', {}, ...keys.map(row)),
      ),
    ),
  );
}

/**
 * The account's API keys (who minted each, revocable), publishable keys (the browser SDK's) and the
 * origins allowed to embed the hosted flow with each.
 */
export function keysPage(): void {
  const status = h('p', { id: 'keys-status', role: 'status' }, 'Loading keys…');
  const apiKeys = h('div', {});
  // Outside the table, which each reload draws anew: a rolled key's secret stays shown until the page changes.
  const rolledSecret = h('div', { id: 'rolled-key', role: 'status' });
  const list = h('div', { id: 'publishable-keys' });
  const owner = h('select', { id: 'pk-owner', name: 'api_key_id' });
  const label = h('input', { id: 'pk-label', name: 'label', value: 'default', autocomplete: 'off' });
  const origins = h('input', { id: 'pk-origins', name: 'origins', autocomplete: 'off' });
  const created = h('p', { id: 'pk-created', role: 'status' });
  const form = h(
    'form',
    { class: 'panel signin', novalidate: true },
    h('h2', {}, 'Add a publishable key'),
    ...field(
      'pk-owner',
      'API key it belongs to',
      owner,
      "Its mode (live or test) is this key's; the hosted flow accepts it for any verification of the account.",
    ),
    ...field('pk-label', 'Label', label),
    ...field(
      'pk-origins',
      'Allowed origins',
      origins,
      'Pages that embed the flow, e.g. https://shop.example.com; separated by commas. A live key without any embeds on no page.',
    ),
    h('button', { type: 'submit', class: 'btn primary' }, 'Add publishable key'),
    created,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    created.textContent = 'Adding…';
    createPublishableKey(Number(owner.value), label.value.trim(), originsOf(origins.value)).then(
      (key) => {
        created.textContent = `Added ${key.publishable_key}.`;
        void load();
      },
      (failure: Error) => {
        created.textContent = failure.message;
      },
    );
  });

  const card = (key: PublishableKey) => {
    const edit = h('input', {
      'aria-label': `Allowed origins of ${key.label}`,
      value: key.allowed_origins.join(', '),
      autocomplete: 'off',
      disabled: key.revoked_at !== null,
    });
    const save = h('button', { type: 'button', class: 'btn' }, 'Save origins');
    save.addEventListener('click', () => {
      setOrigins(key.id, originsOf(edit.value)).then(
        () => announce('Origins saved.'),
        (failure: Error) => announce(failure.message, true),
      );
    });
    const revoke = h('button', { type: 'button', class: 'btn' }, 'Revoke');
    revoke.addEventListener('click', () => {
      if (!confirm(`Revoke ${key.publishable_key}? Pages using it can no longer start the flow.`)) return;
      revokePublishableKey(key.id).then(
        () => void load(),
        (failure: Error) => announce(failure.message, true),
      );
    });
    return h(
      'section',
      { class: 'panel signin webhook', 'data-publishable-key-id': key.id },
      h('h3', {}, `${key.label}: ${key.publishable_key}`),
      key.revoked_at
        ? h('p', { class: 'hint' }, `Revoked ${key.revoked_at.replace('T', ' ').slice(0, 16)} UTC`)
        : null,
      edit,
      key.revoked_at ? null : h('p', {}, save, ' ', revoke),
    );
  };

  const load = async () => {
    try {
      const [keys, publishable, { members }] = await Promise.all([accountKeys(), publishableKeys(), team()]);
      apiKeys.replaceChildren(apiKeysTable(keys, members, load, rolledSecret));
      owner.replaceChildren(
        ...keys
          .filter((k) => k.revoked_at === null)
          .map((k) => h('option', { value: k.id }, `${k.label} (${k.key_prefix}…, ${k.mode})`)),
      );
      list.replaceChildren(...publishable.map(card));
      status.textContent = publishable.length === 0 ? 'No publishable keys yet.' : '';
    } catch (failure) {
      status.textContent = (failure as Error).message;
    }
  };
  void load();
  showPage('Keys', status, rolledSecret, apiKeys, list, form);
}

/** The operator's view: every account with its usage, and the deployment's health as /readyz reports it. */
export function operatorPage(): void {
  const status = h('p', { id: 'operator-status', role: 'status' }, 'Loading…');
  const health = h('section', { class: 'panel', id: 'health', 'aria-labelledby': 'health-title' });
  const body = h('tbody', {});
  const accounts = h(
    'section',
    { class: 'panel', 'aria-labelledby': 'accounts-title' },
    h('h2', { id: 'accounts-title' }, 'Accounts'),
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { id: 'operator-accounts' },
        h('caption', { class: 'sr-only' }, 'Merchant accounts and their usage'),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, 'Account'),
            h('th', { scope: 'col' }, 'Live API keys'),
            h('th', { scope: 'col' }, 'Verifications'),
            h('th', { scope: 'col' }, 'Opened'),
          ),
        ),
        body,
      ),
    ),
  );
  const load = () =>
    Promise.all([operatorAccounts(), operatorHealth()]).then(
      ([list, report]) => {
        body.replaceChildren(
          ...list.map((a) =>
            h(
              'tr',
              {},
              h('td', {}, `${a.name} (#${a.id})`),
              h('td', {}, a.live_api_keys),
              h('td', {}, a.verifications),
              h('td', {}, a.created_at.slice(0, 10)),
            ),
          ),
        );
        health.replaceChildren(
          h('h2', { id: 'health-title' }, `Deployment: ${report.status}`),
          h(
            'ul',
            {},
            ...Object.entries(report.components).map(([name, c]) =>
              h(
                'li',
                { class: c.status === 'ok' ? '' : 'fail' },
                `${name}: ${c.status}${c.detail ? ` (${c.detail})` : ''}`,
              ),
            ),
          ),
        );
        status.textContent = '';
      },
      (failure: Error) => {
        status.textContent = failure.message;
      },
    );
  void load();
  showPage('Operator', status, health, accounts, openAccountForm(load));
}

/**
 * Opens a merchant account and shows its first admin's invitation link once, so the operator hands
 * an account over without the CLI (which the embedded database would need the service stopped for).
 */
function openAccountForm(reload: () => Promise<unknown>): HTMLElement {
  const output = h('p', { id: 'open-account-result', role: 'status' }, '');
  const name = h('input', { id: 'open-account-name', name: 'name', required: true, maxlength: 200 });
  const email = h('input', {
    id: 'open-account-email',
    name: 'admin_email',
    type: 'email',
    required: true,
    autocomplete: 'off',
  });
  const form = h(
    'form',
    { class: 'panel', 'aria-labelledby': 'open-account-title', novalidate: true },
    h('h2', { id: 'open-account-title' }, 'Open an account'),
    h('label', { for: 'open-account-name' }, 'Account name'),
    name,
    h('label', { for: 'open-account-email' }, "First admin's email address"),
    email,
    h('button', { type: 'submit', class: 'btn primary' }, 'Open the account and create the invitation'),
    output,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    output.textContent = 'Opening…';
    openAccount(name.value.trim(), email.value.trim()).then(
      (opened) => {
        const invitation = opened.first_admin_invitation;
        output.replaceChildren(
          `${opened.name} (#${opened.id}) is open. Send this link to its first admin; it works once, until `,
          `${invitation.expires_at.replace('T', ' ').slice(0, 16)} UTC: `,
          h('input', {
            id: 'open-account-link',
            readonly: true,
            value: invitation.url,
            'aria-label': 'Invitation link',
          }),
        );
        form.reset();
        void reload();
      },
      (failure: Error) => {
        output.textContent = failure.message;
      },
    );
  });
  return form;
}
