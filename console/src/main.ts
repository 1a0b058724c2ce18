import './styles.css';
import {
  acceptInvitation,
  ApiFailure,
  checkKey,
  invite,
  noteSignedIn,
  resumeSession,
  signedInMember,
  signInWithPasskey,
  signOutMember,
  storedKey,
} from './api.js';
import { keysPage, membersSection, operatorPage, settingsPage, webhooksPage } from './admin.js';
import { announce, byId, h, showPage } from './dom.js';
import { queuePage, verificationPage, type PageKeys } from './views.js';
import { auditLogPage, forgetDirectory, timelinePage, verificationsPage, whoAmI } from './workplace.js';

let page: PageKeys = {};
let flash: string | undefined;

/** The invitation token from a link (#invitation=…), read once and removed from the address bar. */
let invitationToken: string | null = null;
{
  const match = /^#invitation=([A-Za-z0-9_-]{43})$/.exec(location.hash);
  if (match) {
    invitationToken = match[1]!;
    history.replaceState(null, '', `${location.pathname}#/`);
  } else if (location.hash === '#signed-in') {
    // Back from the account's single sign-on provider, with a session cookie.
    noteSignedIn();
    history.replaceState(null, '', `${location.pathname}#/`);
  }
}

function passkeyFailure(error: unknown): string {
  if (error instanceof ApiFailure) return error.message;
  if (error instanceof DOMException && error.name === 'NotAllowedError')
    return 'The passkey request was cancelled or timed out; try again.';
  if (error instanceof DOMException && error.name === 'SecurityError')
    return `This browser refused a passkey at ${location.hostname} (${error.message}). Passkeys need a host name such as localhost, not an IP address, and https anywhere but on this machine: open the console at the address the service was configured with (PUBLIC_BASE_URL).`;
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `This browser could not use a passkey here (${reason}).`;
}

function invitationPage(token: string): void {
  byId('nav').hidden = true;
  const error = h('p', { id: 'invite-error', class: 'field-error', role: 'alert' }, '');
  const input = h('input', {
    id: 'display-name',
    name: 'display-name',
    autocomplete: 'name',
    required: true,
    maxlength: 100,
    'aria-describedby': 'invite-hint invite-error',
  });
  const form = h(
    'form',
    { class: 'panel signin', novalidate: true },
    h('label', { for: 'display-name' }, 'Your name'),
    input,
    h(
      'p',
      { id: 'invite-hint', class: 'hint' },
      'Shown to your team beside your decisions. Next, your device asks you to create a passkey for this console.',
    ),
    error,
    h('button', { type: 'submit', class: 'btn primary' }, 'Create passkey and join'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) {
      error.textContent = 'Enter your name.';
      input.focus();
      return;
    }
    error.textContent = 'Waiting for your passkey…';
    acceptInvitation(token, name).then(
      (member) => {
        invitationToken = null;
        flash = `Welcome, ${member.display_name}.`;
        location.hash = '#/';
        void route();
      },
      (failure: unknown) => {
        error.textContent = passkeyFailure(failure);
        input.focus();
      },
    );
  });
  showPage('Join your team', form);
}

function teamPage(): void {
  const output = h('p', { id: 'invite-result', role: 'status' }, '');
  const email = h('input', {
    id: 'invite-email',
    name: 'email',
    type: 'email',
    required: true,
    autocomplete: 'off',
  });
  const role = h(
    'select',
    { id: 'invite-role', name: 'role' },
    h('option', { value: 'reviewer' }, 'Reviewer: decides review cases'),
    h('option', { value: 'viewer' }, 'Viewer: reads only'),
    h('option', { value: 'admin' }, 'Admin: people and keys'),
  );
  const form = h(
    'form',
    { class: 'panel signin', novalidate: true },
    h('label', { for: 'invite-email' }, 'Email address'),
    email,
    h('label', { for: 'invite-role' }, 'Role'),
    role,
    h('button', { type: 'submit', class: 'btn primary' }, 'Create invitation link'),
    output,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    output.textContent = 'Creating…';
    invite(email.value.trim(), role.value).then(
      (created) => {
        output.replaceChildren(
          'Send this link to them; it works once, until ',
          `${created.expires_at.replace('T', ' ').slice(0, 16)} UTC: `,
          h('input', {
            id: 'invite-link',
            readonly: true,
            value: created.link,
            'aria-label': 'Invitation link',
          }),
        );
      },
      (failure: Error) => {
        output.textContent = failure.message;
      },
    );
  });
  showPage('Team', membersSection(), h('h2', {}, 'Invite a person'), form);
}

function signInPage(message?: string): void {
  byId('nav').hidden = true;
  byId('whoami').hidden = true;
  forgetDirectory();
  const passkeyError = h('p', { id: 'passkey-error', class: 'field-error', role: 'alert' }, message ?? '');
  const passkey = h(
    'section',
    { class: 'panel signin' },
    h('button', { type: 'button', id: 'passkey-sign-in', class: 'btn primary' }, 'Use a passkey'),
    h('p', { class: 'hint' }, 'For members of a team. An admin invites you by link.'),
    passkeyError,
  );
  const accountInput = h('input', {
    id: 'sso-account',
    name: 'sso-account',
    inputmode: 'numeric',
    pattern: '[0-9]+',
    autocomplete: 'organization',
    'aria-describedby': 'sso-hint',
  });
  const sso = h(
    'form',
    { class: 'panel signin', novalidate: true },
    h('label', { for: 'sso-account' }, 'Account number, for single sign-on'),
    accountInput,
    h('p', { id: 'sso-hint', class: 'hint' }, 'If your company signs in through its own identity provider.'),
    h('button', { type: 'submit', class: 'btn' }, 'Continue with single sign-on'),
  );
  sso.addEventListener('submit', (event) => {
    event.preventDefault();
    const account = accountInput.value.trim();
    if (/^[1-9][0-9]{0,15}$/.test(account)) location.assign(`/v1/console/sso/start?account=${account}`);
    else accountInput.focus();
  });
  passkey.append(sso);
  passkey.querySelector('button')!.addEventListener('click', () => {
    passkeyError.textContent = 'Waiting for your passkey…';
    signInWithPasskey().then(
      () => {
        location.hash = '#/';
        void route();
      },
      (failure: unknown) => {
        passkeyError.textContent = passkeyFailure(failure);
      },
    );
  });
  const error = h('p', { id: 'key-error', class: 'field-error', role: 'alert' }, message ?? '');
  const input = h('input', {
    id: 'api-key',
    name: 'api-key',
    type: 'password',
    autocomplete: 'off',
    spellcheck: 'false',
    required: true,
    'aria-describedby': 'key-hint key-error',
  });
  const form = h(
    'form',
    { class: 'panel signin', novalidate: true },
    h('label', { for: 'api-key' }, 'API key'),
    input,
    h(
      'p',
      { id: 'key-hint', class: 'hint' },
      'A key with the verifications:read and verifications:review scopes. It is kept in this tab only and forgotten when the tab closes.',
    ),
    error,
    h('button', { type: 'submit', class: 'btn' }, 'Sign in'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const key = input.value.trim();
    if (!key) {
      error.textContent = 'Enter an API key.';
      input.focus();
      return;
    }
    error.textContent = 'Checking the key…';
    checkKey(key).then(
      () => {
        storedKey.set(key);
        input.value = '';
        location.hash = '#/';
        void route();
      },
      (failure: Error) => {
        error.textContent = failure.message;
        input.focus();
      },
    );
  });
  showPage('Sign in', passkey, h('h2', {}, 'Or with an API key'), form);
}

let resumed = false;

async function route(): Promise<void> {
  page = {};
  if (invitationToken) return invitationPage(invitationToken);
  if (!resumed) {
    resumed = true;
    await resumeSession();
  }
  const member = signedInMember();
  if (!member && !storedKey.get()) return signInPage();
  byId('nav').hidden = false;
  // Every admin page has its link here; a link missing from this list stays hidden for admins too.
  for (const id of ['team-link', 'keys-link', 'webhooks-link', 'settings-link', 'audit-log-link'])
    byId(id).hidden = member?.role !== 'admin';
  byId('verifications-link').hidden = !member;
  byId('operator-link').hidden = member?.operator !== true;
  const whoami = byId('whoami');
  whoami.hidden = false;
  void whoAmI().then((text) => (whoami.textContent = text));
  if (member?.operator && location.hash === '#/operator') return operatorPage();
  if (member?.role === 'admin') {
    if (location.hash === '#/team') return teamPage();
    if (location.hash === '#/keys') return keysPage();
    if (location.hash === '#/webhooks') return webhooksPage();
    if (location.hash === '#/settings') return settingsPage();
    if (location.hash === '#/audit-log') return auditLogPage();
  }
  const list = /^#\/verifications(?:\?(.*))?$/.exec(location.hash);
  const timelineOf = /^#\/verifications\/([0-9a-fA-F-]{36})\/timeline$/.exec(location.hash);
  const match = /^#\/verifications\/([0-9a-fA-F-]{36})$/.exec(location.hash);
  try {
    if (member && list) {
      await verificationsPage(new URLSearchParams(list[1] ?? ''));
    } else if (timelineOf) {
      await timelinePage(timelineOf[1]!);
    } else if (match) {
      page = await verificationPage(match[1]!, (message) => {
        flash = message;
        announce(message);
        location.hash = '#/';
      });
    } else {
      const message = flash;
      flash = undefined;
      page = await queuePage(message);
    }
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401) {
      storedKey.clear();
      await signOutMember();
      signInPage(member ? 'Your session has ended; sign in again.' : 'The key was refused; sign in again.');
    } else throw error;
  }
}

function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

document.addEventListener('keydown', (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
  const dialog = byId<HTMLDialogElement>('shortcuts');
  if (dialog.open) return;
  if (event.key === '?') {
    dialog.showModal();
    event.preventDefault();
    return;
  }
  if (page.onKey?.(event)) event.preventDefault();
});

byId('shortcuts-button').addEventListener('click', () => byId<HTMLDialogElement>('shortcuts').showModal());
byId('sign-out').addEventListener('click', () => {
  storedKey.clear();
  void signOutMember();
  announce('Signed out.');
  location.hash = '#/';
  signInPage();
});
window.addEventListener('hashchange', () => void route());
void route();
