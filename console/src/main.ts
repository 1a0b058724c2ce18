import './styles.css';
import { ApiFailure, checkKey, storedKey } from './api.js';
import { announce, byId, h, showPage } from './dom.js';
import { queuePage, verificationPage, type PageKeys } from './views.js';

let page: PageKeys = {};
let flash: string | undefined;

function signInPage(message?: string): void {
  byId('nav').hidden = true;
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
    h('button', { type: 'submit', class: 'btn primary' }, 'Sign in'),
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
  showPage('Sign in', form);
}

async function route(): Promise<void> {
  page = {};
  if (!storedKey.get()) return signInPage();
  byId('nav').hidden = false;
  const match = /^#\/verifications\/([0-9a-fA-F-]{36})$/.exec(location.hash);
  try {
    if (match) {
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
      signInPage('The key was refused; sign in again.');
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
  announce('Signed out.');
  location.hash = '#/';
  signInPage();
});
window.addEventListener('hashchange', () => void route());
void route();
