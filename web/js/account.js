// account.js — sign in (#/login), register (#/register; a guest keeps their results), continue
// as a guest, and the account page (#/account): a registered user changes the password (the
// other sessions end), keeps its bots (bots.js) or signs out everywhere; a guest is told to register first. Field errors
// from the server are shown next to their fields.
import { h, replace } from './dom.js';
import { t, onLangChange } from './i18n.js';
import { login, register, continueAsGuest, logout, currentUser, changePassword, logoutEverywhere,
  onSessionChange } from './session.js';
import { connect, disconnect } from './play.js';
import { navigate } from './router.js';
import { botsSection } from './bots.js';

function field(name, type, labelKey, autocomplete) {
  const input = h('input', { id: `f-${name}`, name, type, autocomplete, required: name !== 'display_name' });
  const error = h('span.field-error', { id: `f-${name}-error`, 'aria-live': 'polite' });
  input.setAttribute('aria-describedby', error.id);
  return { input, error, el: h('div.field', {}, h('label', { for: input.id }, t(labelKey)), input, error) };
}

/** the words for an error code the account forms know; else the server's message */
function errorText(e) {
  const known = { bad_credentials: 'account.bad_credentials', rate_limited: 'account.rate_limited',
    wrong_password: 'account.wrong_password', not_registered: 'account.register_first',
    unauthorized: 'notice.signed_out' };
  return known[e.code] ? t(known[e.code]) : e.message || e.code;
}

function showError(form, fields, e) {
  for (const f of Object.values(fields)) f.error.textContent = '';
  // a wrong current password is said in the form's own words, next to its field
  const own = e && e.code === 'wrong_password' ? { old_password: t('account.wrong_password') } : null;
  const reasons = own || (e && e.fields) || {};
  const known = Object.keys(reasons).filter((k) => fields[k]);
  for (const k of known) fields[k].error.textContent = reasons[k];
  const general = form.querySelector('.form-error');
  general.textContent = known.length || !e ? '' : errorText(e);
}

function mountForm(root, kind) {
  function render() {
    const u = currentUser();
    const fields = {
      username: field('username', 'text', 'account.username', 'username'),
      password: field('password', 'password', 'account.password', kind === 'login' ? 'current-password' : 'new-password'),
    };
    if (kind === 'register') fields.display_name = field('display_name', 'text', 'account.display_name', 'nickname');
    const submit = h('button.primary', { type: 'submit' }, t(kind === 'login' ? 'account.login' : 'account.register'));
    const form = h('form.account-form', { novalidate: true },
      Object.values(fields).map((f) => f.el), h('p.form-error', { role: 'alert' }), submit);
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      submit.disabled = true;
      try {
        if (kind === 'login') await login(fields.username.input.value, fields.password.input.value);
        else await register(fields.username.input.value, fields.password.input.value, fields.display_name.input.value);
        disconnect();
        connect();
        navigate('/');
      } catch (e) {
        showError(form, fields, e);
      } finally {
        submit.disabled = false;
      }
    });
    const other = kind === 'login' ? h('a', { href: '#/register' }, t('account.to_register')) : h('a', { href: '#/login' }, t('account.to_login'));
    replace(root, h('div.account', {},
      h('h1', {}, t(kind === 'login' ? 'account.login_title' : 'account.register_title')),
      kind === 'register' && u && u.guest ? h('p.muted', {}, t('account.claim_note', { name: u.display_name })) : null,
      form, h('p', {}, other),
      u && !u.guest ? h('p', {}, t('lobby.playing_as', { name: u.display_name }), ' ',
        h('button.link', { type: 'button', onclick: async () => { disconnect(); await logout(); navigate('/'); } }, t('nav.logout'))) : null,
      !u ? h('p', {}, h('button.secondary', { type: 'button', dataset: { kind: 'guest' },
        onclick: async () => { await continueAsGuest(); connect(); navigate('/'); } }, t('account.guest'))) : null));
  }
  const off = onLangChange(render);
  render();
  return off;
}

export function mountLogin(root) {
  return mountForm(root, 'login');
}

export function mountRegister(root) {
  return mountForm(root, 'register');
}

/** the account page: change the password and sign out everywhere (registered), or register first (guest) */
export function mountAccount(root) {
  function passwordForm() {
    const fields = {
      old_password: field('old_password', 'password', 'account.old_password', 'current-password'),
      new_password: field('new_password', 'password', 'account.new_password', 'new-password'),
    };
    const submit = h('button.primary', { type: 'submit' }, t('account.change_password'));
    const done = h('p.form-done', { role: 'status' });
    const form = h('form.account-form#password-form', { novalidate: true },
      Object.values(fields).map((f) => f.el), h('p.form-error', { role: 'alert' }), done, submit);
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      submit.disabled = true;
      done.textContent = '';
      try {
        const ended = await changePassword(fields.old_password.input.value, fields.new_password.input.value);
        showError(form, fields, null);
        form.reset();
        done.textContent = t('account.password_changed', { n: ended });
      } catch (e) {
        showError(form, fields, e);
      } finally {
        submit.disabled = false;
      }
    });
    return form;
  }

  function everywhere() {
    const error = h('p.form-error', { role: 'alert' });
    const button = h('button.secondary#logout-everywhere', { type: 'button', onclick: async () => {
      button.disabled = true;
      try {
        await logoutEverywhere();
        disconnect();
        navigate('/');
      } catch (e) {
        error.textContent = errorText(e);
        button.disabled = false;
      }
    } }, t('account.everywhere'));
    return h('section.account-section', {}, h('h2', {}, t('account.everywhere_title')),
      h('p.muted', {}, t('account.everywhere_note')), error, button);
  }

  function render() {
    const u = currentUser();
    if (!u) {
      replace(root, h('div.account', {}, h('h1', {}, t('account.title')),
        h('p', {}, t('account.signed_out_note'), ' ', h('a', { href: '#/login' }, t('nav.login')), ' · ',
          h('a', { href: '#/register' }, t('nav.register')))));
      return;
    }
    if (u.guest) {
      replace(root, h('div.account', {}, h('h1', {}, t('account.title')),
        h('p#guest-note', {}, t('account.guest_note', { name: u.display_name })),
        h('p', {}, h('a.button', { href: '#/register' }, t('nav.register')))));
      return;
    }
    replace(root, h('div.account', {},
      h('h1', {}, t('account.title')),
      h('p', {}, t('account.signed_in_as', { name: u.display_name, username: u.username })),
      h('section.account-section', {}, h('h2', {}, t('account.password_title')), passwordForm()),
      botsSection(),
      everywhere(),
      h('p', {}, h('button.link', { type: 'button', onclick: async () => { disconnect(); await logout(); navigate('/'); } },
        t('nav.logout')))));
  }
  const offLang = onLangChange(render);
  const offSession = onSessionChange((u) => {
    const shown = root.querySelector('#password-form') ? 'registered' : root.querySelector('#guest-note') ? 'guest' : 'none';
    const now = !u ? 'none' : u.guest ? 'guest' : 'registered';
    if (shown !== now) render(); /* a password change keeps the form and its message */
  });
  render();
  return () => { offLang(); offSession(); };
}
