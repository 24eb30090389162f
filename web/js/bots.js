// bots.js — a registered user's bot accounts (src/server/README.md, "Bots"): the account page's
// "Your bots" section — make a bot (name, description, public), its token shown once with a copy
// button and a warning, a new token, the public switch, delete (confirmed), each bot's suspension —
// and the small "BOT" badge shown beside a bot account's name on the leaderboards, profiles, match
// pages and the lists of live tables (the lobby's and the admin area's).
import { h, replace } from './dom.js';
import { t } from './i18n.js';
import { api } from './api.js';

/** the badge beside a bot account's name (a player object with "bot" and a "user_id", or a live
    table's seat with "bot" and "ai"), or null: never for a built-in bot */
export function botBadge(p) {
  return p && p.bot && (p.user_id || p.ai) ? h('span.badge.bot-badge', { title: t('bots.badge_title') }, t('bots.badge')) : null;
}

/** the words for a bots route's error: a field's reason, a known code, or the server's message */
function errorText(e) {
  const known = { too_many_bots: 'bots.too_many', name_taken: 'bots.name_taken' };
  if (known[e.code]) return t(known[e.code]);
  const fields = Object.entries(e.fields || {});
  return fields.length ? fields.map(([k, v]) => `${k}: ${v}`).join('; ') : e.message || e.code;
}

/** the token just made, shown once: the copy button and the warning that it will not be shown again */
function tokenBox(bot, token) {
  const input = h('input#bot-token', { type: 'text', readonly: true, value: token, 'aria-label': t('bots.token_label', { name: bot.name }) });
  const copied = h('span.form-done', { role: 'status' });
  const copy = h('button.secondary', { type: 'button', dataset: { kind: 'copy-token' }, onclick: async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(token);
      copied.textContent = t('bots.copied');
    } catch {
      copied.textContent = t('bots.copy_by_hand');
    }
  } }, t('bots.copy'));
  return h('div.bot-token', { role: 'alert' },
    h('p', {}, h('strong', {}, t('bots.token_for', { name: bot.name }))),
    h('div.bot-token-row', {}, input, copy), copied,
    h('p.bot-warning', {}, t('bots.token_warning')));
}

/** the "Your bots" section of the account page (a registered user's); it loads and renders itself */
export function botsSection() {
  const section = h('section.account-section#bots');
  let bots = null, failed = null, shown = null; // shown: { id, token } just made or renewed
  const error = h('p.form-error', { role: 'alert' });

  async function load() {
    try {
      bots = (await api('/bots')).bots;
      failed = null;
    } catch (e) {
      failed = e;
    }
    render();
  }

  async function act(fn) {
    error.textContent = '';
    try {
      await fn();
      await load();
    } catch (e) {
      error.textContent = errorText(e);
    }
  }

  function createForm() {
    const name = h('input#bot-name', { name: 'name', type: 'text', autocomplete: 'off', required: true, maxlength: 16 });
    const description = h('input#bot-description', { name: 'description', type: 'text', autocomplete: 'off', maxlength: 200 });
    const isPublic = h('input#bot-public', { name: 'public', type: 'checkbox' });
    const submit = h('button.primary', { type: 'submit' }, t('bots.create'));
    const form = h('form.account-form#bot-form', { novalidate: true },
      h('div.field', {}, h('label', { for: 'bot-name' }, t('bots.name')), name),
      h('div.field', {}, h('label', { for: 'bot-description' }, t('bots.description')), description),
      h('div.field.check', {}, isPublic, h('label', { for: 'bot-public' }, t('bots.public_label'))),
      submit);
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      submit.disabled = true;
      act(async () => {
        const r = await api('/bots', { method: 'POST', body: { name: name.value, description: description.value, public: isPublic.checked } });
        shown = { id: r.bot.id, token: r.token };
      }).finally(() => { submit.disabled = false; });
    });
    return form;
  }

  function botRow(b) {
    const base = `/bots/${encodeURIComponent(b.id)}`;
    const toggle = h('input', { type: 'checkbox', id: `bot-public-${b.id}`, checked: b.public, dataset: { kind: 'public' },
      onchange: () => act(() => api(base, { method: 'PATCH', body: { public: toggle.checked } })) });
    const renew = h('button.secondary', { type: 'button', dataset: { kind: 'renew' }, onclick: () => {
      if (!window.confirm(t('bots.renew_confirm', { name: b.name }))) return;
      act(async () => { shown = { id: b.id, token: (await api(`${base}/token`, { method: 'POST' })).token }; });
    } }, t('bots.renew'));
    const remove = h('button.danger', { type: 'button', dataset: { kind: 'delete' }, onclick: () => {
      if (!window.confirm(t('bots.delete_confirm', { name: b.name }))) return;
      act(async () => {
        await api(base, { method: 'DELETE' });
        if (shown && shown.id === b.id) shown = null;
      });
    } }, t('bots.delete'));
    return h('li.bot', { dataset: { id: b.id } },
      h('div.bot-head', {}, h('a', { href: `#/player/${b.id}` }, b.name), ' ', botBadge({ bot: true, user_id: b.id }),
        b.suspended ? h('span.badge.bot-suspended', {}, t('bots.suspended')) : null),
      b.description ? h('p.muted', {}, b.description) : null,
      b.suspended ? h('p.bot-warning', {}, t('bots.suspended_note', { reason: b.suspend_reason || '' })) : null,
      shown && shown.id === b.id ? tokenBox(b, shown.token) : null,
      h('div.buttons', {},
        h('span.check', {}, toggle, h('label', { for: `bot-public-${b.id}` }, t('bots.public'))), renew, remove));
  }

  function render() {
    const list = bots === null ? h('p.muted', {}, failed ? errorText(failed) : t('bots.loading'))
      : bots.length ? h('ul.bot-list', {}, bots.map(botRow)) : h('p.muted#no-bots', {}, t('bots.none'));
    replace(section, h('h2', {}, t('bots.title')), h('p.muted', {}, t('bots.note')), list, error,
      bots && bots.length >= 10 ? h('p.muted', {}, t('bots.too_many')) : createForm());
  }

  render();
  load();
  return section;
}
