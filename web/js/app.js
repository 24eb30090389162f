// app.js — the client's start: language, the header (navigation, account, language switch),
// the routes, the session and the game connection (a stored session reconnects at once, so a
// reload in the middle of a hand comes back to the table); the device's part (device.js: the
// service worker, the screen kept on at a table, a vibration on an ask).
import { apply, t, getLang, setLang, onLangChange, translate } from './i18n.js';
import { route, startRouter, currentPath } from './router.js';
import { restore, currentUser, onSessionChange } from './session.js';
import { play, connect, onPlayChange } from './play.js';
import { h, replace } from './dom.js';
import { mountLobby } from './lobby.js';
import { mountTable } from './table.js';
import { mountLeaderboard } from './leaderboard.js';
import { mountBotLadder } from './botladder.js';
import { mountProfile } from './profile.js';
import { mountMatch } from './match.js';
import { mountReplay } from './replay.js';
import { mountReviewImport } from './review.js';
import { mountWatch } from './watch.js';
import { mountRoom } from './room.js';
import { mountEvents } from './events.js';
import { mountEventNew } from './eventsnew.js';
import { mountEvent } from './eventspage.js';
import { mountLogin, mountRegister, mountAccount } from './account.js';
import { mountAbout } from './about.js';
import { mountRules } from './rules.js';
import { mountLearn } from './learn.js';
import { startDevice } from './device.js';

function header() {
  const u = currentUser();
  const account = document.getElementById('account');
  replace(account, u
    ? [h('a.who', { href: `#/player/${u.id}`, title: t('nav.profile') }, u.display_name),
      h('a#nav-account', { href: '#/account' }, t('nav.account')),
      u.guest ? h('a', { href: '#/register' }, t('nav.register')) : null]
    : h('a', { href: '#/login' }, t('nav.login')));
  const profile = document.getElementById('nav-profile');
  profile.hidden = !u;
  if (u) profile.href = `#/player/${u.id}`;
  for (const el of document.querySelectorAll('[data-admin-only]')) el.hidden = !(u && u.admin);
  const lang = document.getElementById('lang');
  lang.textContent = t('nav.switch_lang');
  lang.setAttribute('aria-label', t('nav.switch_lang_aria'));
  lang.setAttribute('lang', getLang() === 'ja' ? 'en' : 'ja');
  const path = currentPath();
  for (const a of document.querySelectorAll('#nav a[href^="#/"]')) {
    const target = a.getAttribute('href').slice(1);
    const on = target === '/' ? path === '/' : path.startsWith(target);
    if (on) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

function toasts() {
  const box = document.getElementById('toast');
  let timer = null;
  onPlayChange((what) => {
    if (what !== 'notice' || !play.notice) return;
    replace(box, h('div.toast', { role: 'status' }, t(play.notice.key, play.notice.vars)));
    clearTimeout(timer);
    timer = setTimeout(() => replace(box), 4000);
  });
}

async function main() {
  apply();
  document.getElementById('lang').addEventListener('click', () => setLang(getLang() === 'ja' ? 'en' : 'ja'));
  onLangChange(() => { translate(); header(); });
  onSessionChange(header);
  document.addEventListener('routechange', header);
  toasts();

  route('/', mountLobby);
  route('/table', mountTable);
  route('/leaderboard', (root) => mountLeaderboard(root, {}));
  route('/leaderboard/:mode/:period/:page', mountLeaderboard);
  route('/bots', (root) => mountBotLadder(root, {}));
  route('/bots/:mode', mountBotLadder);
  route('/bots/:mode/:page', mountBotLadder);
  route('/player/:id', mountProfile);
  route('/match/:id', mountMatch);
  route('/replay/:id', mountReplay);
  route('/replay/:id/:step', mountReplay);
  route('/replay/:id/:step/:view', mountReplay);
  route('/review', mountReviewImport);
  route('/review/:id/:view/:review', mountReplay);
  route('/watch/:id', mountWatch);
  route('/room/:code', mountRoom);
  route('/events', (root) => mountEvents(root, {}));
  route('/events/new', mountEventNew);
  route('/events/:status', mountEvents);
  route('/events/:status/:kind', mountEvents);
  route('/events/:status/:kind/:page', mountEvents);
  route('/event/:id', mountEvent);
  route('/login', mountLogin);
  route('/register', mountRegister);
  route('/account', mountAccount);
  route('/about', mountAbout);
  route('/rules', mountRules);
  route('/learn', mountLearn);

  await restore();
  header();
  connect();
  startDevice();
  startRouter(document.getElementById('app'));
}

main();
