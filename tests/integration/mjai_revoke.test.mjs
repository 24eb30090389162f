// mjai_revoke.test.mjs — a bot's live /mjai connection follows its token (src/server/MJAI.md,
// "Connecting"), through the real server: an AI (mjai_ai.mjs) plays a practice-4p match, and then
//   - its owner deletes the bot (DELETE /api/bots/{id}): the AI is told
//     {"type":"error","code":"token_revoked"} and the socket closes with 4001;
//   - its owner renews its token (POST /api/bots/{id}/token): the same, 4001;
//   - an administrator suspends it: {"type":"error","code":"bot_suspended"} with the reason, 4002.
// Each time the old token is refused at a new upgrade (401 bad_token; a suspended bot's 403
// bot_suspended), and the bot's seat stays at its running table, now played by its clock: the
// administrator's live view still lists the table with the bot seated (an AI, not connected), and
// its hands go on. A renewed bot comes back with its new token to the same table.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, api, eventually, serveWithAdmin, shutdown } from './harness.mjs';
import { mjaiConnect, mjaiRefusal } from './mjai_ai.mjs';


describe("a bot's live connection follows its token", () => {
  let server, port, owner, admin;

  async function newBot(name) {
    const r = await api(port, 'POST', '/api/bots', { token: owner, body: { name } });
    assert.equal(r.status, 201, r.raw);
    return { id: r.json.bot.id, token: r.json.token, name };
  }

  /** the bot's running table in the administrator's live view, or null */
  async function liveTableOf(botId) {
    const live = await api(port, 'GET', '/api/admin/tables', { token: admin });
    assert.equal(live.status, 200, live.raw);
    return live.json.tables.find((t) => t.players.some((p) => p.user_id === botId)) ?? null;
  }

  /** an AI of the bot at its practice-4p match, a few discards in, then holding its answers (its
      clock acts for it, slowly: the match does not end before the test's change) */
  async function playing(bot) {
    const ai = await mjaiConnect(port, bot.token, { room: 'practice-4p' });
    await ai.until((a) => a.lines.filter((l) => l.type === 'dahai').length >= 3, 20_000, 'three discards');
    ai.auto = false;
    return ai;
  }

  /** the error the AI was told last, and how its socket closed */
  async function endOf(ai) {
    const closed = await ai.closed;
    const errors = ai.extra.filter((e) => e.type === 'error');
    return { closed, error: errors.at(-1) };
  }

  /** its seat stays: the table still runs with the bot at it, an AI no longer connected, and plays on */
  async function seatStays(bot) {
    const table = await liveTableOf(bot.id);
    assert.ok(table, 'the table still runs');
    const seat = table.players.find((p) => p.user_id === bot.id);
    assert.deepEqual([seat.name, seat.bot, seat.ai, seat.connected], [bot.name, true, true, false]);
    await eventually(async () => {
      const now = await liveTableOf(bot.id);
      return now === null || now.hand_number !== table.hand_number || now.honba !== table.honba;
    }, 30_000, 'the table playing on (a new hand, or its end) with the clock acting for the bot');
  }

  before(async () => {
    let login;
    ({ server, port, admin: login } = await serveWithAdmin({ ...FAST_PLAY, log_level: 'warn', signups_per_address: 1000 }));
    admin = login.token;
    const reg = await api(port, 'POST', '/api/auth/register',
      { body: { username: 'ai_owner', password: 'Aozora-kite-19', display_name: 'ai_owner' } });
    assert.equal(reg.status, 201, reg.raw);
    owner = reg.json.token;
  });

  after(async () => { await shutdown(server); });

  test('deleted by its owner: token_revoked, closed 4001, the old token refused, the seat kept', async () => {
    const bot = await newBot('Gone_Bot');
    const ai = await playing(bot);
    const del = await api(port, 'DELETE', `/api/bots/${bot.id}`, { token: owner });
    assert.equal(del.status, 204, del.raw);
    const { closed, error } = await endOf(ai);
    assert.equal(closed.code, 4001);
    assert.equal(error?.code, 'token_revoked', JSON.stringify(ai.extra));
    assert.match(error.message, /deleted/);
    const r = await mjaiRefusal(port, { token: bot.token });
    assert.deepEqual([r.status, r.body?.error?.code], [401, 'bad_token']);
    await seatStays(bot);
  });

  test('its token renewed: token_revoked, closed 4001; the old token refused, the new one resumes the seat', async () => {
    const bot = await newBot('Renew_Bot');
    const ai = await playing(bot);
    const table = await liveTableOf(bot.id);
    const renewed = await api(port, 'POST', `/api/bots/${bot.id}/token`, { token: owner });
    assert.equal(renewed.status, 200, renewed.raw);
    const { closed, error } = await endOf(ai);
    assert.equal(closed.code, 4001);
    assert.equal(error?.code, 'token_revoked', JSON.stringify(ai.extra));
    assert.match(error.message, /renewed/);
    const r = await mjaiRefusal(port, { token: bot.token });
    assert.deepEqual([r.status, r.body?.error?.code], [401, 'bad_token']);
    const seen = ai.lines.slice();
    const back = await mjaiConnect(port, renewed.json.token, { room: 'practice-4p', resume: seen.length, lines: seen });
    back.answerAll();
    await back.until((a) => a.extra.some((e) => e.type === 'resume'), 5_000, 'resume');
    assert.equal((await liveTableOf(bot.id))?.id, table.id, 'back at the same table');
    assert.equal((await back.closed).code, 1000, 'and plays it to its end');
    assert.equal(back.lines.at(-1).type, 'end_game');
  });

  test('suspended by an administrator: bot_suspended with the reason, closed 4002, refused 403, the seat kept', async () => {
    const bot = await newBot('Banned_Bot');
    const ai = await playing(bot);
    const s = await api(port, 'POST', `/api/admin/bots/${bot.id}/suspend`, { token: admin, body: { reason: 'stalls every call' } });
    assert.equal(s.status, 200, s.raw);
    const { closed, error } = await endOf(ai);
    assert.equal(closed.code, 4002);
    assert.equal(error?.code, 'bot_suspended', JSON.stringify(ai.extra));
    assert.match(error.message, /stalls every call/);
    const r = await mjaiRefusal(port, { token: bot.token });
    assert.deepEqual([r.status, r.body?.error?.code], [403, 'bot_suspended']);
    await seatStays(bot);
  });

  test('a bot with no connection is suspended and deleted all the same', async () => {
    const bot = await newBot('Idle_Bot');
    const s = await api(port, 'POST', `/api/admin/bots/${bot.id}/suspend`, { token: admin, body: { reason: 'idle' } });
    assert.equal(s.status, 200, s.raw);
    const del = await api(port, 'DELETE', `/api/bots/${bot.id}`, { token: owner });
    assert.equal(del.status, 204, del.raw);
  });
});
