// mjai_route.test.mjs — AIs at the server's /mjai route (src/server/MJAI.md) through the real
// server: a registered player makes a bot (POST /api/bots) and its AI, the test's own
// (mjai_ai.mjs), connects with the bot's token.
//
// - refused upgrades: no bearer or an unknown token (401 bad_token), an unknown room (400
//   bad_room), a bad resume (400 bad_resume), a renewed token's old one (401);
// - whole practice matches, 4-player and 3-player: start_game first and alone until answered,
//   end_game last, then the socket closes normally (1000); the match is stored with the bot as a
//   player, never ranked, and its exported logs say every seat was a bot's (the AI's and the
//   built-in bots': ippon's "bots" beside the names, tenhou.net/6's always four long);
// - an AI that answers garbage to its own draw: an "error" (unnumbered, not answered) and the
//   table plays the drawn tile for it; one that answers late: the clock played it, the late
//   answer is refused as late;
// - an AI that drops mid-hand and comes back with resume=N: {"type":"resume","answered":R}, its
//   answers after R sent again, the match played to its end; one that comes back without resume:
//   every line again from start_game, and the match goes on.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, accountToken, api, eventually, getJson, request, serve, shutdown } from './harness.mjs';
import { mjaiConnect, mjaiRefusal } from './mjai_ai.mjs';

const type = (l) => l.type;

describe('AIs over mjai', () => {
  let server, port, owner;

  async function newBot(name) {
    const r = await api(port, 'POST', '/api/bots', { token: owner, body: { name } });
    assert.equal(r.status, 201, r.raw);
    return { id: r.json.bot.id, token: r.json.token };
  }

  /** the bot's latest stored match */
  async function lastMatch(botId) {
    return eventually(async () => {
      const list = await getJson(port, `/api/matches?player=${botId}`);
      return list.matches?.length ? getJson(port, `/api/matches/${list.matches[0].id}`) : null;
    }, 10_000, 'the match stored');
  }

  before(async () => {
    server = await serve({ ...FAST_PLAY, log_level: 'warn' });
    port = server.port;
    owner = await accountToken(port, 'ai_author');
  });

  after(async () => { await shutdown(server); });

  test('upgrades without a good token, room or resume are refused with a reason', async () => {
    const bot = await newBot('Refused_Bot');
    let r = await mjaiRefusal(port, {});
    assert.deepEqual([r.status, r.body?.error?.code], [401, 'bad_token']);
    r = await mjaiRefusal(port, { token: 'ab'.repeat(32) });
    assert.deepEqual([r.status, r.body?.error?.code], [401, 'bad_token']);
    r = await mjaiRefusal(port, { token: bot.token, room: 'tonpuusen' });
    assert.deepEqual([r.status, r.body?.error?.code], [400, 'bad_room']);
    r = await mjaiRefusal(port, { token: bot.token, query: 'room=practice-4p&resume=-3' });
    assert.deepEqual([r.status, r.body?.error?.code], [400, 'bad_resume']);
    const renewed = await api(port, 'POST', `/api/bots/${bot.id}/token`, { token: owner });
    assert.equal(renewed.status, 200, renewed.raw);
    r = await mjaiRefusal(port, { token: bot.token });
    assert.deepEqual([r.status, r.body?.error?.code], [401, 'bad_token'], 'the old token is revoked');
  });

  for (const [room, players] of [['practice-4p', 4], ['practice-3p', 3]]) {
    test(`a whole ${room} match, answered line by line, ends the socket normally`, async () => {
      const bot = await newBot(`Whole_${players}p`);
      const ai = await mjaiConnect(port, bot.token, { room, auto: false });
      await ai.until((a) => a.lines.length >= 1, 10_000, 'start_game');
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(ai.lines.map(type), ['start_game'], 'nothing before start_game is answered');
      assert.equal(ai.lines[0].names.length, players);
      assert.ok(ai.lines[0].names.includes(`Whole_${players}p`));
      ai.auto = true;
      ai.answerAll();
      const closed = await ai.closed;
      assert.equal(closed.code, 1000, 'closed normally after end_game');
      assert.equal(ai.lines.at(-1).type, 'end_game');
      assert.ok(ai.lines.some((l) => l.type === 'hora'), 'the match ended with a win');
      assert.deepEqual(ai.extra, [], 'no error for a well-behaved AI');
      for (const l of ai.lines.filter((x) => x.type === 'start_kyoku'))
        l.tehais.forEach((t, seat) => assert.equal(t.every((p) => p === '?'), seat !== ai.me));
      const rec = await lastMatch(bot.id);
      assert.equal(rec.completed, true);
      assert.equal(rec.ranked, false);
      const seat = rec.players.find((p) => p.user_id === bot.id || p.id === bot.id);
      assert.ok(seat, 'the bot is a player of the stored match');
      const mjai = (await request(port, { path: rec.logs.mjai })).body.trim().split('\n').map((l) => JSON.parse(l));
      assert.equal(mjai[0].type, 'start_game');
      assert.equal(mjai[0].names[ai.me], `Whole_${players}p`, 'the log numbers the seats as the AI was told');
      assert.deepEqual(mjai[0].bots, Array(players).fill(true));
      const tenhou = JSON.parse((await request(port, { path: rec.logs.tenhou })).body);
      assert.deepEqual(tenhou.bots, [0, 1, 2, 3].map((r) => r < players));
    });
  }

  test('garbage for its own draw: an error, and the drawn tile is played for it', async () => {
    const bot = await newBot('Garbage_Bot');
    const ai = await mjaiConnect(port, bot.token, { room: 'practice-3p', auto: false });
    // answer line by line until its own first draw, then garbage for it
    for (;;) {
      await ai.until((a) => a.answered < a.lines.length, 20_000, 'a line');
      const line = ai.lines[ai.answered];
      if (line.type === 'tsumo' && line.actor === ai.me) break;
      ai.send(line.possible_actions?.some((p) => p.type === 'hora') ? JSON.stringify(line.possible_actions.find((p) => p.type === 'hora')) : '{"type":"none"}');
    }
    const drawn = ai.lines[ai.answered];
    ai.send('{"type":"dahai","pai":');
    await ai.until((a) => a.extra.some((e) => e.type === 'error'), 5_000, 'the error');
    await ai.until((a) => a.lines.slice(a.answered).some((l) => l.type === 'dahai' && l.actor === a.me), 5_000,
      'its discard');
    const discard = ai.lines.slice(ai.answered).find((l) => l.type === 'dahai' && l.actor === ai.me);
    assert.deepEqual([discard.pai, discard.tsumogiri], [drawn.pai, true], 'the drawn tile was played');
    ai.auto = true;
    ai.answerAll();
    assert.equal((await ai.closed).code, 1000);
  });

  test('an answer after the clock acted is refused as late', async () => {
    const bot = await newBot('Late_Bot');
    const ai = await mjaiConnect(port, bot.token, { room: 'practice-4p', auto: false });
    for (;;) {
      await ai.until((a) => a.answered < a.lines.length, 20_000, 'a line');
      const line = ai.lines[ai.answered];
      if (line.type === 'tsumo' && line.actor === ai.me) break;
      ai.send('{"type":"none"}');
    }
    const drawn = ai.lines[ai.answered];
    // its clock (5 s + 20 s bank + 1 s grace, scaled by 0.02: 0.52 s) runs out first
    await ai.until((a) => a.lines.slice(a.answered).some((l) => l.type === 'dahai' && l.actor === a.me), 5_000,
      'the clock playing for it');
    ai.send(JSON.stringify({ type: 'dahai', actor: ai.me, pai: drawn.pai, tsumogiri: true }));
    const late = await ai.until((a) => a.extra.some((e) => e.type === 'error'), 5_000, 'the refusal');
    assert.match(late.extra.find((e) => e.type === 'error').message, /late/);
    ai.auto = true;
    ai.answerAll();
    assert.equal((await ai.closed).code, 1000);
  });

  test('dropped mid-hand, it resumes where it was and finishes the match', async () => {
    const bot = await newBot('Resume_Bot');
    const first = await mjaiConnect(port, bot.token, { room: 'practice-4p' });
    await first.until((a) => a.lines.filter((l) => l.type === 'dahai').length >= 6, 20_000, 'six discards');
    first.auto = false;
    first.ws.terminate();
    await first.closed;
    const seen = first.lines.slice();
    await new Promise((r) => setTimeout(r, 200)); // its seat plays on meanwhile (its clock)
    const back = await mjaiConnect(port, bot.token, { room: 'practice-4p', resume: seen.length, lines: seen });
    const resumed = await back.until((a) => a.extra.some((e) => e.type === 'resume'), 5_000, 'resume');
    const r = resumed.extra.find((e) => e.type === 'resume');
    assert.ok(r.answered <= seen.length && r.answered >= 1, `answered ${r.answered} of ${seen.length}`);
    assert.equal(r.after, seen.length, 'the resume comes before any new line');
    assert.equal((await back.closed).code, 1000);
    assert.equal(back.lines.at(-1).type, 'end_game');
    assert.ok(back.lines.length > seen.length);
    assert.deepEqual(back.extra.filter((e) => e.type === 'error'), [], 'no answer was refused');
  });

  test('back without resume: the match again from start_game, and on to its end', async () => {
    const bot = await newBot('Fresh_Bot');
    const first = await mjaiConnect(port, bot.token, { room: 'practice-3p' });
    await first.until((a) => a.lines.filter((l) => l.type === 'dahai').length >= 4, 20_000, 'four discards');
    first.auto = false;
    first.ws.terminate();
    await first.closed;
    const again = await mjaiConnect(port, bot.token, { room: 'practice-3p' });
    assert.equal((await again.closed).code, 1000);
    assert.equal(again.lines[0].type, 'start_game');
    assert.deepEqual(again.lines.slice(0, first.lines.length).map(type), first.lines.map(type),
      'the same lines again, in order');
    assert.equal(again.lines.at(-1).type, 'end_game');
    assert.deepEqual(again.extra.filter((e) => e.type === 'error'), [], 'answers to old lines are dropped quietly');
  });
});
