// app.js — the admin area's start: who is signed in (an administrator, or the sign-in form),
// the sections by URL hash (#live, #users, #matches, #settings, #pairs, #queue, #audit), the language switch.
import { api, ApiError, storeToken, storedToken } from '/js/api.js';
import { t, translate, setLang, getLang, otherLangName } from './i18n.js';
import { toast } from './dom.js';
import { liveView } from './live.js';
import { usersView } from './users.js';
import { matchesView } from './matches.js';
import { settingsView } from './settings.js';
import { auditView } from './audit.js';
import { pairsView } from './pairs.js';
import { queueView } from './queue.js';

const VIEWS = { live: liveView, users: usersView, matches: matchesView, settings: settingsView, pairs: pairsView, queue: queueView, audit: auditView };
let me = null;
let leave = () => {};

const $ = (id) => document.getElementById(id);

function showSignin() {
  leave();
  leave = () => {};
  me = null;
  $('nav').hidden = true;
  $('signout').hidden = true;
  $('who').textContent = '';
  $('view').hidden = true;
  $('signin').hidden = false;
}

function show() {
  if (!me) return showSignin();
  const name = (location.hash || '#live').slice(1);
  const view = VIEWS[name] ? name : 'live';
  leave();
  $('signin').hidden = true;
  $('nav').hidden = false;
  $('signout').hidden = false;
  $('who').textContent = me.username;
  for (const a of document.querySelectorAll('#nav a')) {
    if (a.dataset.view === view) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  const root = $('view');
  root.hidden = false;
  leave = VIEWS[view](root);
}

/** the session's user if it is an administrator */
async function whoAmI() {
  if (!storedToken()) return null;
  try {
    const { user } = await api('/auth/me');
    return user.admin ? user : null;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) storeToken(null);
    return null;
  }
}

async function signin(ev) {
  ev.preventDefault();
  const error = $('signin-error');
  error.textContent = '';
  const username = $('signin-username').value.trim();
  const password = $('signin-password').value;
  try {
    const reply = await api('/auth/login', { method: 'POST', body: { username, password } });
    if (!reply.user.admin) {
      error.textContent = t('signin.not_admin');
      return;
    }
    storeToken(reply.token);
    me = reply.user;
    $('signin-password').value = '';
    show();
  } catch (e) {
    error.textContent = e.status === 401 ? t('signin.bad')
      : e.status === 429 ? t('signin.limited', { seconds: e.retryAfter || 60 }) : e.message;
  }
}

async function signout() {
  try {
    await api('/auth/logout', { method: 'POST' });
  } catch {
    /* the session may already be gone */
  }
  storeToken(null);
  showSignin();
}

/* a call refused for the session (expired, or the role taken away): back to the sign-in form */
window.addEventListener('unhandledrejection', (ev) => {
  if (ev.reason instanceof ApiError && (ev.reason.status === 401 || ev.reason.code === 'not_admin')) {
    ev.preventDefault();
    toast(t('error.session'), 'bad');
    showSignin();
  }
});

function switchLang() {
  setLang(getLang() === 'ja' ? 'en' : 'ja');
  $('lang').textContent = otherLangName();
  if (me) show();
}

async function start() {
  translate();
  $('lang').textContent = otherLangName();
  $('lang').addEventListener('click', switchLang);
  $('signin-form').addEventListener('submit', signin);
  $('signout').addEventListener('click', signout);
  window.addEventListener('hashchange', show);
  me = await whoAmI();
  show();
}

start();
