// bots.test.mjs — bot accounts over REST, against the real `ippon` binary (src/server/README.md,
// "Bots"): a registered user makes a bot and gets its token once, lists, changes, renews and deletes
// its bots; every refusal (no session, a guest, bad JSON, bad or taken names, a long description,
// unknown fields, an eleventh bot, someone else's bot, a malformed id); a bot is no guest and cannot
// sign in with its token as a session; an administrator finds bots in the users list (kind "bot",
// owner) and suspends and unsuspends them, audited; a bot's profile says it is a bot, whose, and
// what it does.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_HASH, api, assertError, serveWithAdmin, shutdown } from './harness.mjs';


describe('bot accounts', () => {
  let server, port, admin;
  let n = 0;
  const fresh = (p) => `${p}${Date.now() % 100000}${n++}`;
  const account = async () => {
    const username = fresh('own');
    const r = await api(port, 'POST', '/api/auth/register', { body: { username, password: 'Aozora-kite-19', display_name: username } });
    assert.equal(r.status, 201, r.raw);
    return r.json;
  };

  before(async () => {
    let login;
    ({ server, port, admin: login } = await serveWithAdmin({ ...FAST_HASH, signups_per_address: 1000, guests_per_address: 1000 }));
    admin = login;
  });

  after(async () => { await shutdown(server); });

  test('an owner makes a bot, sees its token once, lists, changes, renews and deletes it', async () => {
    const owner = await account();
    const as = (method, path, body) => api(port, method, path, { body, token: owner.token });
    const name = fresh('Kiri');
    const made = await as('POST', '/api/bots', { name, description: '牌効率だけで打つ', public: true });
    assert.equal(made.status, 201, made.raw);
    assert.match(made.json.token, /^[0-9a-f]{64}$/);
    const bot = made.json.bot;
    assert.match(bot.id, /^[0-9a-f]{32}$/);
    assert.deepEqual({ ...bot, id: undefined, created_at: undefined },
      { id: undefined, name, description: '牌効率だけで打つ', public: true, created_at: undefined, suspended: false,
        suspend_reason: null, ladder_suspended: false, ladder_reason: null });
    assert.ok(Math.abs(bot.created_at - Date.now() / 1000) < 60, `created_at ${bot.created_at}`);

    const list = await as('GET', '/api/bots');
    assert.equal(list.status, 200, list.raw);
    assert.deepEqual(list.json.bots, [bot]); // the token is never shown again
    assert.ok(!list.raw.includes(made.json.token));

    // its token is no session: the bot cannot use the site's routes as a person
    assertError(await api(port, 'GET', '/api/auth/me', { token: made.json.token }), 401, 'unauthorized');

    const changed = await as('PATCH', `/api/bots/${bot.id}`, { public: false });
    assert.equal(changed.status, 200, changed.raw);
    assert.equal(changed.json.bot.public, false);
    assert.equal(changed.json.bot.description, '牌効率だけで打つ');
    const described = await as('PATCH', `/api/bots/${bot.id.toUpperCase()}`, { description: '' });
    assert.equal(described.status, 200, described.raw);
    assert.equal(described.json.bot.description, '');
    assert.equal(described.json.bot.public, false);

    const renewed = await as('POST', `/api/bots/${bot.id}/token`);
    assert.equal(renewed.status, 200, renewed.raw);
    assert.match(renewed.json.token, /^[0-9a-f]{64}$/);
    assert.notEqual(renewed.json.token, made.json.token);
    assert.equal(renewed.json.bot.id, bot.id);

    // the profile: a bot, its owner, its description
    const profile = await api(port, 'GET', `/api/players/${bot.id}`);
    assert.equal(profile.status, 200, profile.raw);
    assert.equal(profile.json.bot, true);
    assert.deepEqual(profile.json.owner, { id: owner.user.id, display_name: owner.user.display_name });
    assert.equal(profile.json.description, '');
    const person = await api(port, 'GET', `/api/players/${owner.user.id}`);
    assert.equal(person.json.bot, false);
    assert.equal(person.json.owner, undefined);

    const gone = await as('DELETE', `/api/bots/${bot.id}`);
    assert.equal(gone.status, 204, gone.raw);
    assert.equal(gone.raw, '');
    assert.deepEqual((await as('GET', '/api/bots')).json.bots, []);
    assertError(await as('DELETE', `/api/bots/${bot.id}`), 404, 'not_found');
    assertError(await as('POST', `/api/bots/${bot.id}/token`), 404, 'not_found');
    // its record stays: the profile is still there, a bot, deleted
    const kept = await api(port, 'GET', `/api/players/${bot.id}`);
    assert.equal(kept.status, 200, kept.raw);
    assert.equal(kept.json.bot, true);
  });

  test('every bad request is refused with its reason, and nothing changes', async () => {
    const owner = await account();
    const as = (method, path, body, extra = {}) => api(port, method, path, { body, token: owner.token, ...extra });
    assertError(await api(port, 'POST', '/api/bots', { body: { name: fresh('Nobody') } }), 401, 'unauthorized');
    assertError(await api(port, 'GET', '/api/bots', { token: 'ab'.repeat(32) }), 401, 'unauthorized');
    const guest = (await api(port, 'POST', '/api/auth/guest', { body: {} })).json;
    assertError(await api(port, 'POST', '/api/bots', { body: { name: fresh('Guesty') }, token: guest.token }), 403,
      'not_registered');
    assertError(await api(port, 'GET', '/api/bots', { token: guest.token }), 403, 'not_registered');

    assertError(await as('POST', '/api/bots', '{"name":'), 400, 'bad_request', 'body');
    assertError(await as('POST', '/api/bots', '[1]'), 400, 'bad_request', 'body');
    assertError(await as('POST', '/api/bots', {}), 400, 'bad_request', 'name');
    assertError(await as('POST', '/api/bots', { name: 'ab' }), 400, 'bad_request', 'name');
    assertError(await as('POST', '/api/bots', { name: 'Bot Aoi' }), 400, 'bad_request', 'name'); // passes for a built-in bot
    assertError(await as('POST', '/api/bots', { name: 'has space' }), 400, 'bad_request', 'name');
    assertError(await as('POST', '/api/bots', { name: 42 }), 400, 'bad_request', 'name');
    assertError(await as('POST', '/api/bots', { name: fresh('Long'), description: 'あ'.repeat(201) }), 400, 'bad_request',
      'description');
    assertError(await as('POST', '/api/bots', { name: fresh('Ctl'), description: 'one\ntwo' }), 400, 'bad_request',
      'description');
    assertError(await as('POST', '/api/bots', { name: fresh('Pub'), public: 'yes' }), 400, 'bad_request', 'public');
    assertError(await as('POST', '/api/bots', { name: fresh('Extra'), token: 'x' }), 400, 'bad_request', 'token');
    assertError(await as('POST', '/api/bots', { name: owner.user.display_name.toUpperCase() }), 409, 'name_taken',
      'name');
    assert.deepEqual((await as('GET', '/api/bots')).json.bots, []);

    // 200 characters of description is the most: exactly that is taken
    const full = await as('POST', '/api/bots', { name: fresh('Full'), description: 'あ'.repeat(200) });
    assert.equal(full.status, 201, full.raw);
    const id = full.json.bot.id;
    assertError(await as('PATCH', `/api/bots/${id}`, {}), 400, 'bad_request', 'description');
    assertError(await as('PATCH', `/api/bots/${id}`, { public: 1 }), 400, 'bad_request', 'public');
    assertError(await as('PATCH', `/api/bots/${id}`, { name: 'Other' }), 400, 'bad_request', 'name');
    assertError(await as('PATCH', '/api/bots/xyz', { public: true }), 400, 'bad_request', 'id');
    assertError(await as('DELETE', '/api/bots/123'), 400, 'bad_request', 'id');
    assertError(await as('POST', `/api/bots/${id}/token`, { force: true }), 400, 'bad_request');
    assertError(await as('PATCH', `/api/bots/${'0'.repeat(32)}`, { public: true }), 404, 'not_found');

    // someone else's bot is not found, and stays as it was
    const other = await account();
    const theirs = (method, path, body) => api(port, method, path, { body, token: other.token });
    assertError(await theirs('PATCH', `/api/bots/${id}`, { public: true }), 404, 'not_found');
    assertError(await theirs('POST', `/api/bots/${id}/token`), 404, 'not_found');
    assertError(await theirs('DELETE', `/api/bots/${id}`), 404, 'not_found');
    assert.deepEqual((await theirs('GET', '/api/bots')).json.bots, []);
    assert.deepEqual((await as('GET', '/api/bots')).json.bots, [full.json.bot]);
  });

  test('an owner has at most ten bots', async () => {
    const owner = await account();
    const as = (method, path, body) => api(port, method, path, { body, token: owner.token });
    const ids = [];
    for (let i = 0; i < 10; i++) {
      const r = await as('POST', '/api/bots', { name: fresh('Ten') });
      assert.equal(r.status, 201, r.raw);
      ids.push(r.json.bot.id);
    }
    assertError(await as('POST', '/api/bots', { name: fresh('Eleven') }), 409, 'too_many_bots');
    assert.equal((await as('GET', '/api/bots')).json.bots.length, 10);
    assert.equal((await as('DELETE', `/api/bots/${ids[0]}`)).status, 204);
    assert.equal((await as('POST', '/api/bots', { name: fresh('Eleven') })).status, 201);
  });

  test('an administrator lists bots with their owners and suspends them, audited', async () => {
    const owner = await account();
    const made = await api(port, 'POST', '/api/bots', { body: { name: fresh('Naki') }, token: owner.token });
    assert.equal(made.status, 201, made.raw);
    const bot = made.json.bot;
    const as = (method, path, body, token = admin.token) => api(port, method, path, { body, token });

    assertError(await as('POST', `/api/admin/bots/${bot.id}/suspend`, { reason: 'x' }, owner.token), 403, 'not_admin');
    const bots = await as('GET', `/api/admin/users?bots=1&q=${encodeURIComponent(bot.name)}`);
    assert.equal(bots.status, 200, bots.raw);
    assert.equal(bots.json.total, 1);
    const row = bots.json.users[0];
    assert.equal(row.kind, 'bot');
    assert.equal(row.bot, true);
    assert.equal(row.guest, false);
    assert.equal(row.username, null);
    assert.deepEqual(row.owner, { id: owner.user.id, display_name: owner.user.display_name });
    assert.equal(row.suspended_at, null);
    const onlyBots = await as('GET', '/api/admin/users?bots=1&limit=100');
    assert.ok(onlyBots.json.users.every((u) => u.kind === 'bot'), onlyBots.raw);
    const people = await as('GET', `/api/admin/users?q=${owner.user.display_name}`);
    assert.equal(people.json.users[0].kind, 'player');

    assertError(await as('POST', `/api/admin/bots/${bot.id}/suspend`, {}), 400, 'bad_request', 'reason');
    assertError(await as('POST', '/api/admin/bots/nothex/suspend', { reason: 'x' }), 400, 'bad_request', 'id');
    assertError(await as('POST', `/api/admin/bots/${owner.user.id}/suspend`, { reason: 'x' }), 404, 'not_found');
    const suspended = await as('POST', `/api/admin/bots/${bot.id}/suspend`, { reason: 'times out every hand' });
    assert.equal(suspended.status, 200, suspended.raw);
    assert.equal(suspended.json.bot.suspended, true);
    assert.equal(suspended.json.bot.suspend_reason, 'times out every hand');
    assertError(await as('POST', `/api/admin/bots/${bot.id}/suspend`, { reason: 'again' }), 409, 'already_suspended');
    // the owner sees it
    const mine = await api(port, 'GET', '/api/bots', { token: owner.token });
    assert.equal(mine.json.bots[0].suspended, true);
    assert.equal(mine.json.bots[0].suspend_reason, 'times out every hand');
    const audit = await as('GET', '/api/admin/audit?action=bot_suspend&limit=1');
    assert.equal(audit.json.entries[0].target, bot.id);
    assert.equal(audit.json.entries[0].reason, 'times out every hand');
    assert.equal(audit.json.entries[0].admin_name, 'boss');

    const lifted = await as('POST', `/api/admin/bots/${bot.id}/unsuspend`, { reason: 'fixed' });
    assert.equal(lifted.status, 200, lifted.raw);
    assert.equal(lifted.json.bot.suspended, false);
    assert.equal(lifted.json.bot.suspend_reason, null);
    assertError(await as('POST', `/api/admin/bots/${bot.id}/unsuspend`, { reason: 'again' }), 409, 'not_suspended');
    assert.equal((await as('GET', '/api/admin/audit?action=bot_unsuspend&limit=1')).json.entries[0].reason, 'fixed');
  });
});
