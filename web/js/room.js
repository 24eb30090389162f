// room.js — #/room/CODE: a private table before its match (PROTOCOL.md, "Private tables"). Opening
// the page joins the room (the invite link is this page's address); it shows the code and the
// link to copy, who is in, the host's choices, and for the host Start (bots fill the empty seats
// if allowed) and Close, for the others Leave. The match's start takes everyone to the table
// (play.js follows match_found); a room that closes says why; a join refused for too many codes
// that led nowhere counts down the wait, then offers to try again. After a private match "play
// again" comes here too: the host's room opens again with the same code (play.js sent
// room_again), a friend waits for the host to open it and joins as soon as it is (its offer).
// The host may seat bot accounts' AIs too (roombots.js): they show in the members marked AI.
import { h, replace } from './dom.js';
import { t, onLangChange } from './i18n.js';
import { play, onPlayChange, joinRoom, leaveRoom, startRoom, stopAwaitingRoom } from './play.js';
import { navigate } from './router.js';
import { aiMark, seatPanel, watchRoomBots } from './roombots.js';

export function mountRoom(root, params) {
  const code = params.code.toUpperCase();
  const link = `${location.origin}${location.pathname}#/room/${code}`;
  const botsFollow = watchRoomBots();

  function render() {
    const room = play.room && play.room.code === code ? play.room : null;
    if (!room) {
      const closed = play.roomClosed && play.roomClosed.code === code ? play.roomClosed : null;
      const err = play.roomError && (!play.roomError.code || play.roomError.code === code) ? play.roomError : null;
      const waitS = err && err.retryAt ? Math.max(0, Math.ceil((err.retryAt - Date.now()) / 1000)) : 0;
      const limited = err && err.error === 'rate_limited';
      const awaited = !closed && !err && play.roomAwaited && play.roomAwaited.code === code ? play.roomAwaited : null;
      const says = !err ? null : !limited ? t(`room.error.${err.error}`)
        : waitS > 0 ? t('room.error.rate_limited', { s: waitS }) : t('room.error.rate_limited_over');
      replace(root, h('div.room-page', {}, h('h1', {}, t('room.title', { code })),
        closed ? h('p.error', { role: 'alert' }, t('room.closed', { reason: closed.reason }))
          : err ? h('p.error', { role: limited && waitS > 0 ? 'status' : 'alert', dataset: { error: err.error } }, says)
            : awaited ? h('p.muted', { role: 'status', dataset: { kind: 'again-wait' } }, t('room.again_wait', { name: awaited.name }))
              : h('p.muted', {}, t('common.loading')),
        h('div.buttons', {},
          limited && waitS === 0 ? h('button.primary', { type: 'button', dataset: { kind: 'retry-join' }, onclick: () => joinRoom(code) },
            t('room.retry')) : null,
          h('a.button', { href: '#/' }, t('result.lobby')))));
      return;
    }
    const host = room.members[0]?.user_id === play.me;
    botsFollow(room, host);
    const full = room.members.length >= room.seats;
    const c = room.choices;
    const copy = h('button.secondary', { type: 'button', dataset: { kind: 'copy-link' },
      onclick: () => navigator.clipboard?.writeText(link).then(() => { copy.textContent = t('room.copied'); }, () => {}) }, t('room.copy'));
    const err = play.roomError && ['room_not_full', 'room_full'].includes(play.roomError.error)
      ? h('p.error', { role: 'alert' }, t(`room.error.${play.roomError.error}`)) : null;
    replace(root, h('div.room-page', {},
      h('h1', {}, t('room.title', { code: room.code })),
      h('p.room-code', {}, t('room.code'), ' ', h('strong.code', { dataset: { code: room.code } }, room.code)),
      h('p.room-link', {}, h('input', { type: 'text', readonly: true, value: link, 'aria-label': t('room.link'), dataset: { field: 'link' } }), copy),
      h('p.room-choices', {}, [t(`mode.${c.mode}`), t(`friends.clock.${c.clock}`), t(c.bots ? 'room.bots_on' : 'room.bots_off'),
        c.spectators ? t('room.spectators_on', { s: c.delay_s }) : t('room.spectators_off')].join(' · ')),
      h('h2', {}, t('room.members', { n: room.members.length, seats: room.seats })),
      h('ul.room-members', {}, room.members.map((m) => h('li', { dataset: m.ai ? { user: m.user_id, ai: 'true' } : { user: m.user_id } }, m.name,
        m.host ? h('span.badge', {}, t('room.host')) : null, m.user_id === play.me ? h('span.badge', {}, t('profile.you')) : null,
        aiMark(m, host)))),
      host ? h('p.muted', {}, full || c.bots ? t('room.start_hint') : t('room.wait_full')) : h('p.muted', {}, t('room.wait_host')),
      err,
      h('div.buttons', {},
        host ? h('button.primary', { type: 'button', disabled: !full && !c.bots, dataset: { kind: 'start-room' }, onclick: startRoom }, t('room.start')) : null,
        h('button.secondary', { type: 'button', dataset: { kind: host ? 'close-room' : 'leave-room' }, onclick: () => { leaveRoom(); navigate('/'); } },
          t(host ? 'room.close' : 'room.leave'))),
      host ? seatPanel(room) : null));
  }

  const asked = play.roomReopening === code || play.roomAwaited?.code === code; // play again: the room's answer comes
  if ((!play.room || play.room.code !== code) && !asked) joinRoom(code);
  const offPlay = onPlayChange((what) => { if (what === 'room' || what === 'welcome') render(); });
  const offLang = onLangChange(render);
  // a join refused for too many wrong codes counts down to the moment it may be asked again
  const tick = setInterval(() => { if (!play.room && play.roomError?.retryAt) render(); }, 1000);
  render();
  return () => { offPlay(); offLang(); clearInterval(tick); stopAwaitingRoom(code); };
}
