import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainJpeg, toB64, toDataUrl } from '../helpers/images.js';
import { CONSOLE_ORIGIN, consoleDriver } from '../helpers/console-members.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

const BRANDING = {
  display_name: 'Acme Bank',
  colour: '#1F5FD6',
  support_url: 'https://acme.example/help',
  privacy_url: 'https://acme.example/privacy',
};

describe.each(engines)('account branding (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { PUBLIC_BASE_URL: CONSOLE_ORIGIN } });
  });
  afterAll(async () => t?.close());

  async function sessionOf(apiKey: string) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/verifications',
      headers: { 'x-api-key': apiKey },
      payload: { external_ref: 'branding' },
    });
    const token = created.json().client_token as string;
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'x-client-token': token } });
    return { token, get };
  }

  it('an admin sets the name, colour, links and logo; the flow reads them, and nothing else of the account', async () => {
    const c = consoleDriver(t);
    const account = await c.openAccount('Acme Bank Holdings plc');
    const admin = await c.join(account.id, 'admin@acme.example', 'admin');

    const empty = await c.as(admin, 'GET', '/v1/console/branding');
    expect([empty.statusCode, empty.json()]).toEqual([
      200,
      { display_name: null, colour: null, support_url: null, privacy_url: null, has_logo: false },
    ]);
    const before = await sessionOf(account.apiKey);
    expect((await before.get('/v1/session/state')).json().branding).toBeNull();
    expect((await before.get('/v1/session/branding/logo')).statusCode).toBe(404);

    const set = await c.as(admin, 'PUT', '/v1/console/branding', BRANDING);
    const expected = { ...BRANDING, colour: '#1f5fd6', has_logo: false };
    expect([set.statusCode, set.json()]).toEqual([200, expected]);

    // A 1200×600 PNG comes back re-encoded as WebP within 256×256.
    const png = await sharp({
      create: { width: 1200, height: 600, channels: 3, background: { r: 10, g: 40, b: 90 } },
    })
      .png()
      .toBuffer();
    const logo = await c.as(admin, 'PUT', '/v1/console/branding/logo', {
      logo_b64: toDataUrl(png, 'image/png'),
    });
    expect([logo.statusCode, logo.json()]).toEqual([200, { ...expected, has_logo: true }]);
    expect((await c.as(admin, 'GET', '/v1/console/branding')).json()).toEqual({
      ...expected,
      has_logo: true,
    });

    const flow = await sessionOf(account.apiKey);
    const state = (await flow.get('/v1/session/state')).json();
    expect(state.branding).toEqual({
      display_name: 'Acme Bank',
      colour: '#1f5fd6',
      support_url: 'https://acme.example/help',
      privacy_url: 'https://acme.example/privacy',
      logo_url: '/v1/session/branding/logo',
    });
    // Nothing else of the account: not its name, id, keys or members.
    const text = JSON.stringify(state);
    expect(text).not.toContain('Holdings');
    expect(text).not.toContain('admin@acme.example');
    expect(text).not.toMatch(/account_id|api_key/);

    const served = await flow.get(state.branding.logo_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('private, max-age=300');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 128]);
    // Without a client token there is no logo to read.
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/session/branding/logo' });
    expect(anonymous.statusCode).toBe(401);

    // Another account's flow shows none of it.
    const other = await sessionOf(t.rootKey);
    expect((await other.get('/v1/session/state')).json().branding).toBeNull();
    expect((await other.get('/v1/session/branding/logo')).statusCode).toBe(404);

    // Removing the logo keeps the rest.
    const removed = await c.as(admin, 'PUT', '/v1/console/branding/logo', { logo_b64: null });
    expect(removed.json()).toEqual(expected);
    expect((await flow.get('/v1/session/state')).json().branding.logo_url).toBeNull();

    const audit = (await c.as(admin, 'GET', '/v1/console/audit-log')).json().entries as Array<{
      event: string;
      by_member_id: number;
      detail: object;
    }>;
    expect(
      audit.filter((e) => e.event === 'branding.changed').map((e) => [e.by_member_id, e.detail]),
    ).toEqual([
      [admin.memberId, { from: { logo: true }, to: { logo: false } }],
      [admin.memberId, { from: { logo: false }, to: { logo: true } }],
      [
        admin.memberId,
        {
          from: { display_name: null, colour: null, support_url: null, privacy_url: null },
          to: { ...BRANDING, colour: '#1f5fd6' },
        },
      ],
    ]);
  });

  it('refuses a colour white text cannot be read on, links that are not https, and oversize or unreadable logos', async () => {
    const c = consoleDriver(t);
    const account = await c.openAccount('Refused Ltd');
    const admin = await c.join(account.id, 'admin@refused.example', 'admin');

    const bad = await c.as(admin, 'PUT', '/v1/console/branding', {
      display_name: 'x'.repeat(81),
      colour: '#ffcc00',
      support_url: 'http://refused.example/help',
      privacy_url: 'javascript:alert(1)',
    });
    expect([bad.statusCode, bad.json()]).toEqual([
      422,
      {
        detail: [
          {
            loc: ['body', 'display_name'],
            msg: 'must be at most 80 characters',
            type: 'display_name_too_long',
          },
          {
            loc: ['body', 'colour'],
            msg: 'white text on #ffcc00 has a contrast of 1.51:1, below the 4.5:1 that keeps buttons readable (WCAG AA); choose a darker colour',
            type: 'colour_contrast',
          },
          { loc: ['body', 'support_url'], msg: 'must be an https address', type: 'url_https' },
          { loc: ['body', 'privacy_url'], msg: 'must be an https address', type: 'url_https' },
        ],
      },
    ]);
    const badFormat = await c.as(admin, 'PUT', '/v1/console/branding', {
      ...BRANDING,
      colour: 'blue',
      support_url: `https://refused.example/${'a'.repeat(500)}`,
    });
    expect(badFormat.json().detail.map((i: { type: string }) => i.type)).toEqual([
      'colour_format',
      'url_too_long',
    ]);
    // #767676 is the lightest grey that passes AA against white.
    expect(
      (await c.as(admin, 'PUT', '/v1/console/branding', { ...BRANDING, colour: '#777777' })).statusCode,
    ).toBe(422);
    expect(
      (await c.as(admin, 'PUT', '/v1/console/branding', { ...BRANDING, colour: '#767676' })).statusCode,
    ).toBe(200);

    // Over 100 KB: refused by its size before any decoder reads it (these bytes would not decode).
    const oversize = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100 * 1024, 7),
    ]);
    const tooLarge = await c.as(admin, 'PUT', '/v1/console/branding/logo', { logo_b64: toB64(oversize) });
    expect([tooLarge.statusCode, tooLarge.json().detail]).toEqual([
      422,
      [
        {
          loc: ['body', 'logo_b64'],
          msg: 'the logo is 102408 bytes; at most 102400 are accepted',
          type: 'logo_too_large',
        },
      ],
    ]);
    const undecodable = Buffer.concat([oversize.subarray(0, 8), Buffer.alloc(1000, 7)]);
    const unreadable = await c.as(admin, 'PUT', '/v1/console/branding/logo', {
      logo_b64: toB64(undecodable),
    });
    expect(unreadable.json().detail[0].type).toBe('logo_unreadable');
    const notAnImage = await c.as(admin, 'PUT', '/v1/console/branding/logo', {
      logo_b64: toB64(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    });
    expect(notAnImage.statusCode).toBe(422);
    expect((await c.as(admin, 'GET', '/v1/console/branding')).json().has_logo).toBe(false);
  });

  it('viewers and other accounts cannot read or change it', async () => {
    const c = consoleDriver(t);
    const account = await c.openAccount('Private Ltd');
    const admin = await c.join(account.id, 'admin@private.example', 'admin');
    const viewer = await c.join(account.id, 'viewer@private.example', 'viewer');
    const other = await c.openAccount('Other Ltd');
    const otherAdmin = await c.join(other.id, 'admin@other.example', 'admin');
    await c.as(admin, 'PUT', '/v1/console/branding', BRANDING);

    expect((await c.as(viewer, 'GET', '/v1/console/branding')).statusCode).toBe(403);
    expect((await c.as(viewer, 'PUT', '/v1/console/branding', BRANDING)).statusCode).toBe(403);
    const jpeg = toB64(await plainJpeg());
    expect((await c.as(viewer, 'PUT', '/v1/console/branding/logo', { logo_b64: jpeg })).statusCode).toBe(403);
    expect((await c.as(admin, 'PUT', '/v1/console/branding', BRANDING, { csrf: false })).statusCode).toBe(
      403,
    );
    // Another account's admin sees and changes only their own.
    expect((await c.as(otherAdmin, 'GET', '/v1/console/branding')).json().display_name).toBeNull();
    await c.as(otherAdmin, 'PUT', '/v1/console/branding', { ...BRANDING, display_name: 'Other' });
    expect((await c.as(admin, 'GET', '/v1/console/branding')).json().display_name).toBe('Acme Bank');
  });
});
