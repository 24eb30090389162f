// account.js — sign in (#/login), register (#/register; a guest keeps their results), and
// continue as a guest. Field errors from the server are shown next to their fields.
import { h, replace } from './dom.js';
import { t, onLangChange } from './i18n.js';
import { login, register, continueAsGuest, logout, currentUser } from './session.js';
import { connect, disconnect } from './play.js';
import { navigate } from './router.js';

function field(name, type, labelKey, autocomplete) {
  const input = h('input', { id: `f-${name}`, name, type, autocomplete, required: name !== 'display_name' });
  const error = h('span.field-error', { id: `f-${name}-error`, 'aria-live': 'polite' });
  input.setAttribute('aria-describedby', error.id);
  return { input, error, el: h('div.field', {}, h('label', { for: input.id }, t(labelKey)), input, error) };
}

function showError(form, fields, e) {
  for (const f of Object.values(fields)) f.error.textContent = '';
  const known = e && e.fields ? Object.keys(e.fields).filter((k) => fields[k]) : [];
  for (const k of known) fields[k].error.textContent = e.fields[k];
  const general = form.querySelector('.form-error');
  general.textContent = known.length ? '' : e && e.code === 'bad_credentials' ? t('account.bad_credentials')
    : e && e.code === 'rate_limited' ? t('account.rate_limited') : e ? e.message || e.code : '';
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
