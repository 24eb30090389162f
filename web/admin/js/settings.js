// settings.js — the Settings section: the live settings with the configuration's value beside
// each, saved together (only what changed) with one reason; the server checks each value by the
// configuration's own rules and the problems show next to their fields.
import { api } from '/js/api.js';
import { t, formatTime } from './i18n.js';
import { h, replace } from '/js/dom.js';
import { toast, confirmAction, errorText } from './dom.js';

/* the settings in display order, with their input kind */
const FIELDS = [
  ['maintenance', 'bool'], ['registration_open', 'bool'], ['ranked_min_humans', 'int'],
  ['bot_fill_after', 'number'], ['bot_delay_ms', 'int'],
  ['clock_move_ms', 'int'], ['clock_bank_ms', 'int'], ['clock_refill_ms', 'int'],
  ['spectate_delay_s', 'int'],
];

export function settingsView(root) {
  const box = h('div');
  let current = null;
  const inputs = {};

  function read(key, kind) {
    const el = inputs[key];
    if (kind === 'bool') return el.checked;
    const text = el.value.trim();
    const v = Number(text);
    return text === '' || !Number.isFinite(v) ? text : v;
  }

  async function save(ev) {
    ev.preventDefault();
    const values = {};
    for (const [key, kind] of FIELDS) {
      const v = read(key, kind);
      if (v !== current.values[key]) values[key] = v;
    }
    for (const el of box.querySelectorAll('.field-error')) el.textContent = '';
    if (!Object.keys(values).length) {
      toast(t('settings.nothing'));
      return;
    }
    try {
      const done = await confirmAction({ title: t('settings.title'), text: Object.entries(values)
        .map(([k, v]) => `${t(`settings.${k}`)}: ${current.values[k]} → ${v}`).join(' · '), ok: t('settings.save'),
        act: ({ reason }) => api('/admin/settings', { method: 'PUT', body: { values, reason } }) });
      if (done) {
        toast(t('settings.saved'));
        render(done);
      }
    } catch (e) {
      toast(errorText(e), 'bad');
    }
  }

  function render(s) {
    current = s;
    const rows = FIELDS.map(([key, kind]) => {
      const id = `setting-${key}`;
      const input = kind === 'bool'
        ? h('input', { id, name: key, type: 'checkbox', checked: s.values[key] })
        : h('input', { id, name: key, type: 'number', step: kind === 'int' ? 1 : 'any', value: s.values[key], inputmode: 'decimal' });
      inputs[key] = input;
      const note = [t('settings.default', { value: s.defaults[key] })];
      if (s.stored[key] !== undefined) note.push(t('settings.changed', { when: formatTime(s.stored[key] * 1000) }));
      return h('div', { class: `field setting ${kind}` },
        kind === 'bool' ? h('label', { for: id }, input, ' ', t(`settings.${key}`)) : [h('label', { for: id }, t(`settings.${key}`)), input],
        h('span', { class: 'muted small' }, note.join(' · ')),
        h('span', { class: 'field-error', 'data-for': key }));
    });
    replace(box, h('form', { id: 'settings-form', class: 'account-form settings', novalidate: true, onsubmit: save },
      rows, h('button', { type: 'submit', class: 'primary' }, t('settings.save'))));
  }

  async function load() {
    try {
      render(await api('/admin/settings'));
    } catch (e) {
      replace(box, h('p', { class: 'error' }, errorText(e)));
    }
  }

  replace(root, h('h1', {}, t('settings.title')), h('p', { class: 'muted' }, t('settings.lead')), box);
  load();
  return () => {};
}
