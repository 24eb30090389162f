// lobby.js — the home page (#/): play 4-player or 3-player (a queue with a live wait and a
// cancel button), practice against bots at once, and who you are playing as (guest, sign in,
// register). The first click makes a guest, so a newcomer is at a table in seconds. Each mode
// card tells the clock before you play; the controls' hint says "tap" on touch screens. Newcomers
// are offered the guided hand (#/learn) and the rules (#/rules). On a phone held upright a notice
// above the cards asks to turn it before the match (compact.css shows it only then, so it
// follows the phone as it turns). Below, the running ranked tables to watch (livetables.js).
import { h, replace, TOUCH } from './dom.js';
import { t, onLangChange } from './i18n.js';
import { play, onPlayChange, startPractice, joinQueue, leaveQueue } from './play.js';
import { currentUser, onSessionChange } from './session.js';
import { navigate } from './router.js';
import { liveTables } from './livetables.js';
import { friendsCard } from './friends.js';

function modeCard(mode, busy) {
  return h('article.mode-card', { dataset: { mode } },
    h('h2', {}, t(`mode.${mode}`)),
    h('p', {}, t(`lobby.${mode}.about`)),
    h('p.clock-rule', {}, t('lobby.clock')),
    h('div.buttons', {},
      h('button.primary', { type: 'button', disabled: busy, dataset: { kind: 'queue', mode }, onclick: () => joinQueue(mode) },
        t('lobby.play')),
      h('button.secondary', { type: 'button', disabled: busy, dataset: { kind: 'practice', mode }, onclick: () => startPractice(mode) },
        t('lobby.practice'))));
}

/** the notice for a phone held upright: the table needs the width (shown by compact.css) */
function uprightNote() {
  return h('section.upright-note', { role: 'note' }, h('span.upright-icon', { 'aria-hidden': 'true' }),
    h('div', {}, h('strong', {}, t('upright.lobby_title')), h('p', {}, t('upright.lobby_body'))));
}

/** for newcomers: the guided hand (learn.js) and the rules page (rules.js) */
function learnCard() {
  return h('section.learn-card', {},
    h('p', {}, t('lobby.learn')),
    h('a.button.primary', { href: '#/learn', dataset: { kind: 'learn' } }, t('lobby.learn_go')),
    h('a.button', { href: '#/rules', dataset: { kind: 'rules' } }, t('lobby.rules')));
}

function queuePanel() {
  const q = play.queue;
  if (!q) return null;
  const secs = h('span.wait-secs', {}, '0');
  const who = h('span.wait-who');
  const panel = h('section.queue-panel', { role: 'status', 'aria-live': 'polite' },
    h('div.spinner', { 'aria-hidden': 'true' }),
    h('div', {}, h('h2', {}, t('lobby.searching', { mode: t(`mode.${q.mode}`) })),
      h('p', {}, t('lobby.waited'), ' ', secs, ' ', t('lobby.seconds'), ' · ', who),
      h('p.muted', {}, t('lobby.bots_fill'))),
    h('button.secondary', { type: 'button', dataset: { kind: 'cancel-queue' }, onclick: leaveQueue }, t('lobby.cancel')));
  panel.tick = () => {
    const cur = play.queue;
    if (!cur) return;
    secs.textContent = String(Math.floor((Date.now() - cur.at) / 1000));
    who.textContent = cur.size ? t('lobby.in_queue', { n: cur.size }) : t('lobby.joining');
  };
  panel.tick();
  return panel;
}

function accountBox() {
  const u = currentUser();
  if (!u)
    return h('p.account-box', {}, t('lobby.no_account'), ' ',
      h('a', { href: '#/login' }, t('nav.login')), ' · ', h('a', { href: '#/register' }, t('nav.register')));
  return h('p.account-box', {}, t('lobby.playing_as', { name: u.display_name }), ' ',
    u.guest ? [h('a', { href: '#/register' }, t('lobby.keep_results')), ' · ', h('a', { href: '#/login' }, t('nav.login'))]
      : h('a', { href: `#/player/${u.id}` }, t('nav.profile')));
}

export function mountLobby(root) {
  let panel = null;
  const live = liveTables();
  function render() {
    if (play.game && !play.game.end && !play.game.closed && !play.game.gone) {
      navigate('/table');
      return;
    }
    const busy = !!play.queue;
    panel = queuePanel();
    replace(root, h('div.lobby', {},
      h('section.hero', {}, h('h1', {}, t('lobby.title')), h('p.lead', {}, t('lobby.lead'))),
      panel,
      uprightNote(),
      learnCard(),
      h('div.mode-cards', {}, modeCard('4p', busy), modeCard('3p', busy), friendsCard(busy)),
      accountBox(),
      live.el,
      h('section.how', {}, h('h2', {}, t('lobby.how')), h('ol', {}, [1, 2, 3, 4].map((i) => h('li', {}, t(`lobby.how.${i}`))))),
      h('p.keys', {}, TOUCH.matches ? t('lobby.keys.tap') : t('lobby.keys.click'))));
  }
  const offPlay = onPlayChange((what) => {
    if (what === 'room' && play.room) navigate(`/room/${play.room.code}`); // the room we just opened
    else if (what === 'queue' || what === 'welcome' || what === 'game' || what === 'room') render(); // 'room': an offer to play again
  });
  const offSession = onSessionChange(render);
  const offLang = onLangChange(() => { live.render(); render(); });
  const ticker = setInterval(() => panel && panel.tick(), 250);
  TOUCH.addEventListener('change', render);
  render();
  return () => { offPlay(); offSession(); offLang(); live.stop(); clearInterval(ticker); TOUCH.removeEventListener('change', render); };
}
