// friends.js — the lobby's "Play with friends" card: open a private table with your choices
// (mode, clocks, bots for the empty seats, spectators and their delay) or join one with its
// code. Either way the room page (#/room/CODE, room.js) follows. A private table we played that
// its host opened again is offered here too (play.roomOffer). "Practice with your AI" (a
// signed-in player's) opens a private table of the chosen mode for the player and their own bots,
// which they seat on the room page (roombots.js), built-in bots taking the seats left.
import { h } from './dom.js';
import { t } from './i18n.js';
import { play, createRoom } from './play.js';
import { currentUser } from './session.js';
import { navigate } from './router.js';

/** the card; busy: the player is queued (no room meanwhile) */
export function friendsCard(busy) {
  const mode = h('select', { name: 'mode', dataset: { field: 'mode' } },
    h('option', { value: '4p' }, t('mode.4p')), h('option', { value: '3p' }, t('mode.3p')));
  const clock = h('select', { name: 'clock', dataset: { field: 'clock' } },
    h('option', { value: 'standard' }, t('friends.clock.standard')), h('option', { value: 'relaxed' }, t('friends.clock.relaxed')));
  const bots = h('input', { type: 'checkbox', checked: true, dataset: { field: 'bots' } });
  const spectators = h('input', { type: 'checkbox', checked: true, dataset: { field: 'spectators' } });
  const delay = h('input', { type: 'number', min: '0', max: '3600', value: '60', inputmode: 'numeric', dataset: { field: 'delay' } });
  const code = h('input', { type: 'text', maxlength: '6', autocomplete: 'off', spellcheck: 'false', placeholder: 'K7Q2XP', dataset: { field: 'code' } });
  const create = (ev) => {
    ev.preventDefault();
    const d = Math.max(0, Math.min(3600, Math.round(Number(delay.value) || 0)));
    createRoom({ mode: mode.value, clock: clock.value, bots: bots.checked, spectators: spectators.checked, delay_s: d });
  };
  const practiceAi = () => createRoom({ mode: mode.value, clock: 'standard', bots: true, spectators: false, delay_s: 0 });
  const user = currentUser();
  const join = (ev) => {
    ev.preventDefault();
    const c = code.value.trim().toUpperCase();
    if (c) navigate(`/room/${encodeURIComponent(c)}`);
  };
  return h('article.mode-card.friends-card', { dataset: { mode: 'friends' } },
    h('h2', {}, t('friends.title')),
    h('p', {}, t('friends.about')),
    play.roomOffer ? h('p.room-offer', { role: 'status' }, t('room.offer', { name: play.roomOffer.host.name, code: play.roomOffer.code }), ' ',
      h('button.primary', { type: 'button', disabled: busy, dataset: { kind: 'join-offer' }, onclick: () => navigate(`/room/${play.roomOffer.code}`) },
        t('room.offer_join'))) : null,
    h('form.friends-create', { onsubmit: create },
      h('label', {}, h('span', {}, t('friends.mode')), mode),
      h('label', {}, h('span', {}, t('friends.clock')), clock),
      h('label.check', {}, bots, h('span', {}, t('friends.bots'))),
      h('label.check', {}, spectators, h('span', {}, t('friends.spectators'))),
      h('label', {}, h('span', {}, t('friends.delay')), delay),
      h('button.primary', { type: 'submit', disabled: busy, dataset: { kind: 'create-room' } }, t('friends.create')),
      user && !user.guest ? h('button.secondary', { type: 'button', disabled: busy, title: t('friends.practice_ai_about'),
        dataset: { kind: 'practice-ai' }, onclick: practiceAi }, t('friends.practice_ai')) : null),
    h('form.friends-join', { onsubmit: join },
      h('label', {}, h('span', {}, t('friends.code')), code),
      h('button.secondary', { type: 'submit', disabled: busy, dataset: { kind: 'join-room' } }, t('friends.join'))));
}
