// roombots.js — AIs at a private table (PROTOCOL.md, "AIs in a private table"): the room page's
// "Seat an AI" for its host — the bot accounts' AIs waiting for the room's mode that the host may
// seat (its own first, then other owners' public ones: room_bots), each with a Seat button, a
// field to seat one by its name, and why a seat was refused — and an AI member's mark (AI, its
// owner) with the host's Unseat. The lobby's "Practice with your AI" (friends.js) opens a room
// that comes here, where the owner seats its own AIs.
import { h } from './dom.js';
import { t } from './i18n.js';
import { play, listRoomBots, seatRoomBot, unseatRoomBot } from './play.js';

/** the mark after an AI member's name (AI, whose), with the host's Unseat; null for a person */
export function aiMark(member, host) {
  if (!member.ai) return null;
  return [
    h('span.badge.ai-badge', { title: t('roombots.ai_title') }, t('roombots.ai')),
    h('span.ai-owner.muted', {}, t('roombots.owner', { owner: member.owner })),
    host ? h('button.link', { type: 'button', dataset: { kind: 'unseat-bot', user: member.user_id },
      onclick: () => unseatRoomBot(member.user_id) }, t('roombots.unseat')) : null,
  ];
}

/** one waiting AI the host may seat */
function waitingRow(bot, full) {
  return h('li.waiting-bot', { dataset: { bot: bot.user_id } },
    h('span.bot-name', {}, bot.name), ' ',
    h('span.muted', {}, bot.mine ? t('roombots.mine') : t('roombots.owner', { owner: bot.owner })), ' ',
    h('button.secondary', { type: 'button', disabled: full, dataset: { kind: 'seat-bot', name: bot.name },
      onclick: () => seatRoomBot(bot.name) }, t('roombots.seat')));
}

/** the host's "Seat an AI" for room (its list asked for once the page mounts: listRoomBots) */
export function seatPanel(room) {
  const full = room.members.length >= room.seats;
  const listed = play.roomBots && play.roomBots.mode === room.choices.mode ? play.roomBots.bots : null;
  const name = h('input', { type: 'text', autocomplete: 'off', spellcheck: 'false', maxlength: '40', dataset: { field: 'bot-name' } });
  const byName = (ev) => {
    ev.preventDefault();
    if (name.value.trim()) seatRoomBot(name.value.trim());
  };
  const err = play.roomBotError;
  return h('section.seat-ai', { dataset: { kind: 'seat-ai' } },
    h('h2', {}, t('roombots.title')),
    h('p.muted', {}, t('roombots.about', { mode: t(`mode.${room.choices.mode}`) })),
    err ? h('p.error', { role: 'alert', dataset: { error: err.error } }, t(`roombots.error.${err.error}`)) : null,
    listed === null ? h('p.muted', {}, t('common.loading'))
      : listed.length ? h('ul.waiting-bots', {}, listed.map((b) => waitingRow(b, full)))
        : h('p.muted', { dataset: { kind: 'no-waiting-bots' } }, t('roombots.none', { mode: room.choices.mode })),
    h('form.seat-by-name', { onsubmit: byName },
      h('label', {}, h('span', {}, t('roombots.by_name')), name),
      h('button.secondary', { type: 'submit', disabled: full, dataset: { kind: 'seat-by-name' } }, t('roombots.seat'))),
    h('button.link', { type: 'button', dataset: { kind: 'refresh-bots' }, onclick: listRoomBots }, t('roombots.refresh')));
}

/** the AIs that may be seated change as the room does: asked again when its members change */
export function watchRoomBots() {
  let seen = null;
  return (room, host) => {
    const members = room && host ? room.members.map((m) => m.user_id).join(',') : null;
    if (members !== null && members !== seen) listRoomBots();
    seen = members;
  };
}
