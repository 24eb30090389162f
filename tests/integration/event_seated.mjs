// event_seated.mjs — a one-round 4-player event whose one table is seated, for the tests of what
// happens at an event's table (event_remove, event_lost_table): an organiser and four entrants
// registered (accounts made here), each with its socket open; the event made 4 s ahead with
// check-in open, so registering checks in; returned once every entrant was sent event_seated.
import assert from 'node:assert/strict';
import { api } from './harness.mjs';
import { player } from './ws_player.mjs';

/**
 * accounts `${prefix}0` … `${prefix}4` (the first the organiser; `names[i]` a display name, else
 * the username) and the event `body` adds to: { org, entrants, clients, id, match }
 */
export async function seatedEvent(port, { prefix, name, names = {}, body = {} }) {
  const accounts = [];
  for (let i = 0; i < 5; i++) {
    const r = await api(port, 'POST', '/api/auth/register', { body: { username: `${prefix}${i}`,
      password: 'Aozora-kite-19', display_name: names[i] ?? `${prefix}${i}` } });
    assert.equal(r.status, 201, r.raw);
    accounts.push(r.json);
  }
  const [org, ...entrants] = accounts;
  const made = await api(port, 'POST', '/api/events', { token: org.token, body: {
    name, mode: '4p', rounds: 1, starts_at: Date.now() + 4_000, checkin_minutes: 1, ...body } });
  assert.equal(made.status, 201, made.raw);
  const id = made.json.id;
  const clients = [];
  for (const a of entrants) {
    const reg = await api(port, 'POST', `/api/events/${id}/register`, { token: a.token });
    assert.equal(reg.status, 200, reg.raw);
    clients.push(await player(port, a.token));
  }
  const seated = await Promise.all(clients.map((c) => c.next((m) => m.type === 'event_seated', 30_000, 'event_seated')));
  const match = seated[0].match;
  assert.ok(seated.every((s) => s.match === match), 'one table, one match');
  return { org, entrants, clients, id, match };
}
