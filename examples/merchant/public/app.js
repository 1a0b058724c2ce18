/* global IdvSdk, document, fetch, setTimeout */
// The page only moves its UI along with the SDK callbacks. What it tells the user comes from the
// merchant server, which learnt it from the signed webhook: anything in the browser can call
// onComplete with a made-up status (sdk/README.md).
(() => {
  const button = document.getElementById('verify');
  const statusLine = document.getElementById('status');
  const publicKey = document.querySelector('meta[name="idv-publishable-key"]').content;

  const MESSAGES = {
    approve: 'Your identity is verified. Thank you, your order is on its way.',
    review: 'Thank you. We are reviewing your details and will email you shortly.',
    decline: 'We could not verify your identity. Please contact support if you think this is a mistake.',
  };
  /** Decisions usually arrive within a second of the flow finishing; after a minute the user can leave. */
  const CONFIRM_DEADLINE_MS = 60_000;

  const show = (text, outcome) => {
    statusLine.textContent = text;
    statusLine.dataset.outcome = outcome;
  };
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  async function confirmOutcome(verificationId) {
    show('Confirming your result…', 'pending');
    const deadline = Date.now() + CONFIRM_DEADLINE_MS;
    for (let delayMs = 250; Date.now() < deadline; delayMs = Math.min(delayMs * 2, 2000)) {
      try {
        const response = await fetch(`/api/verification/${encodeURIComponent(verificationId)}/status`);
        if (response.status === 404) return show('We could not find that verification.', 'unknown');
        const body = response.ok ? await response.json() : null;
        if (body && body.status === 'decided' && MESSAGES[body.decision]) {
          return show(MESSAGES[body.decision], body.decision);
        }
      } catch {
        // A network blip: the next poll tries again.
      }
      await sleep(delayMs);
    }
    show('We are still confirming your result. You can close this page; we will email you.', 'pending');
  }

  const client = IdvSdk.createClient({
    publicKey,
    mode: 'modal',
    // Called on every open(): the merchant server creates the verification with its secret key and
    // hands back only the client token.
    createSessionToken: async () => {
      const response = await fetch('/api/verification', { method: 'POST' });
      if (!response.ok) throw new Error(`could not start a verification (${response.status})`);
      return (await response.json()).client_token;
    },
    // result.status is not trusted; only the verification id is used, to ask the server.
    onComplete: (result) => void confirmOutcome(result.verificationId),
    onExit: () => {
      show('Verification was closed before it finished. You can start again.', 'exited');
      button.disabled = false;
    },
  });

  button.addEventListener('click', () => {
    button.disabled = true;
    show('', 'opening');
    client.open().catch(() => {
      show('We could not start the verification. Please try again.', 'error');
      button.disabled = false;
    });
  });
})();
