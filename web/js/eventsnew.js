// eventsnew.js — #/events/new, making an event (src/server/EVENTS.md, "The event"): every field
// of the event with a sensible default, the fields that depend on another (the round times, the
// entry code, list or minimum, the watch delay) shown only when they apply; each field checked
// as it changes and again on submit, with the problem beside it; the server's 400 `fields` shown
// beside theirs too; once made, the event's page. The site kind is offered to administrators only.
import { h, replace } from './dom.js';
import { t, onLangChange } from './i18n.js';
import { api } from './api.js';
import { currentUser, onSessionChange } from './session.js';
import { navigate } from './router.js';
import { refusal } from './events.js';

const HOUR = 3600 * 1000;

/** Unix ms as a datetime-local input's value, in the viewer's time zone */
export function localInput(ms) {
  const d = new Date(ms);
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** a datetime-local value as Unix ms (the viewer's time zone), NaN when empty */
const fromInput = (v) => (v ? new Date(v).getTime() : NaN);

const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;

/** the choices of each select: value → i18n key events.opt.FIELD.VALUE */
const CHOICES = {
  kind: ['club', 'site'], mode: ['4p', '3p'], round_start: ['when_done', 'times'], seating: ['random', 'swiss', 'min_repeat'],
  entry: ['open', 'code', 'list', 'min_dan', 'min_rating'], clocks: ['standard', 'relaxed'], fill: ['bots', 'byes'],
  stand_in: ['counts', 'void'], recurrence: ['none', 'weekly'],
};

/** the next quarter hour at least an hour from now */
function defaultStart() {
  const q = 15 * 60 * 1000;
  return Math.ceil((Date.now() + HOUR) / q) * q;
}

export function mountEventNew(root) {
  const f = {}; // name → { input, error, wrap }
  const formError = h('p.form-error', { role: 'alert' });
  const roundTimes = h('div.round-times');
  let busy = false;

  function field(name, input, { hint } = {}) {
    const id = `ev-${name}`;
    input.id = id;
    input.name = name;
    const error = h('p.field-error', { id: `${id}-error`, dataset: { errorFor: name } });
    input.setAttribute('aria-describedby', `${id}-error`);
    const wrap = input.type === 'checkbox'
      ? h('div.field.check', { dataset: { field: name } }, input, h('label', { for: id }, t(`events.field.${name}`)), error)
      : h('div.field', { dataset: { field: name } }, h('label', { for: id }, t(`events.field.${name}`)), input,
        hint ? h('p.muted.hint', {}, hint) : null, error);
    f[name] = { input, error, wrap };
    input.addEventListener('change', () => { shown(); check(name); });
    return wrap;
  }
  const num = (name, value, min, max) => field(name, h('input', { type: 'number', min, max, step: 1, value, inputmode: 'numeric' }),
    { hint: t('events.hint.range', { min, max }) });
  const select = (name, value) => field(name, h('select', {}, CHOICES[name].map((v) =>
    h('option', { value: v, selected: v === value }, t(name === 'mode' ? `mode.${v}` : `events.opt.${name}.${v}`)))));

  const u = currentUser();
  const start = defaultStart();
  const form = h('form.event-form', { novalidate: true, onsubmit: submit },
    h('fieldset', {}, h('legend', {}, t('events.form.about')),
      field('name', h('input', { type: 'text', maxlength: 80, autocomplete: 'off' })),
      field('description', h('textarea', { rows: 4, maxlength: 2000 })),
      u && u.admin ? select('kind', 'club') : null,
      select('mode', '4p')),
    h('fieldset', {}, h('legend', {}, t('events.form.rounds')),
      num('rounds', 4, 1, 20),
      field('starts_at', h('input', { type: 'datetime-local', value: localInput(start) }), { hint: t('events.hint.local') }),
      num('checkin_minutes', 15, 0, 120),
      select('round_start', 'when_done'),
      num('break_minutes', 2, 0, 60),
      h('div.field', { dataset: { field: 'round_times' } }, h('p.label', {}, t('events.field.round_times')), roundTimes,
        (f.round_times = { error: h('p.field-error', { dataset: { errorFor: 'round_times' } }) }).error),
      select('seating', 'swiss'),
      field('duplicate', h('input', { type: 'checkbox', checked: true }))),
    h('fieldset', {}, h('legend', {}, t('events.form.entry')),
      select('entry', 'open'),
      field('entry_code', h('input', { type: 'text', minlength: 4, maxlength: 32, autocomplete: 'off' })),
      field('entry_list', h('textarea', { rows: 4 }), { hint: t('events.hint.list') }),
      field('entry_min', h('input', { type: 'number', step: 1, value: 0, inputmode: 'numeric' })),
      num('cap', 64, 2, 512)),
    h('fieldset', {}, h('legend', {}, t('events.form.play')),
      select('clocks', 'standard'),
      select('fill', 'bots'),
      select('stand_in', 'counts'),
      field('spectators', h('input', { type: 'checkbox', checked: true })),
      num('watch_delay_s', 60, 0, 600),
      select('recurrence', 'none')),
    formError,
    h('div.buttons', {}, h('button.primary', { type: 'submit', dataset: { kind: 'create' } }, t('events.create_submit')),
      h('a.button.secondary', { href: '#/events' }, t('events.back'))));
  f.round_times.wrap = roundTimes.parentElement;

  const val = (name) => f[name].input.value;
  const int = (name) => (/^-?\d+$/.test(val(name).trim()) ? Number(val(name)) : NaN);

  /** the round time inputs: one per round after the first, kept as the rounds change */
  function timesInputs() {
    const n = Math.max(0, Math.min(19, (int('rounds') || 1) - 1));
    const old = [...roundTimes.querySelectorAll('input')].map((i) => i.value);
    const base = fromInput(val('starts_at')) || start;
    replace(roundTimes, Array.from({ length: n }, (_, i) => h('label.round-time', {}, t('events.round_n', { round: i + 2 }),
      h('input', { type: 'datetime-local', value: old[i] || localInput(base + (i + 1) * HOUR), dataset: { round: String(i + 2) },
        onchange: () => check('round_times') }))));
  }

  /** the fields that apply to the choices made */
  function shown() {
    const entry = val('entry');
    f.entry_code.wrap.hidden = entry !== 'code';
    f.entry_list.wrap.hidden = entry !== 'list';
    f.entry_min.wrap.hidden = !entry.startsWith('min_');
    f.break_minutes.wrap.hidden = val('round_start') !== 'when_done';
    f.round_times.wrap.hidden = val('round_start') !== 'times' || int('rounds') < 2;
    f.watch_delay_s.wrap.hidden = !f.spectators.input.checked;
    if (val('round_start') === 'times') timesInputs();
  }

  const listNames = () => val('entry_list').split('\n').map((s) => s.trim()).filter(Boolean);
  const times = () => [...roundTimes.querySelectorAll('input')].map((i) => fromInput(i.value));
  const range = (name, min, max) => { const n = int(name); return n >= min && n <= max ? null : t('events.hint.range', { min, max }); };

  /** the problem with one field, or null (only fields that apply are checked) */
  function problem(name) {
    if (f[name].wrap?.hidden) return null;
    switch (name) {
      case 'name': {
        const s = val('name').trim();
        return !s ? t('events.err.required') : [...s].length > 80 ? t('events.err.too_long', { max: 80 })
          : CONTROLS.test(s) ? t('events.err.controls') : null;
      }
      case 'description': return [...val('description')].length > 2000 ? t('events.err.too_long', { max: 2000 }) : null;
      case 'rounds': return range('rounds', 1, 20);
      case 'starts_at': {
        const ms = fromInput(val('starts_at'));
        return Number.isNaN(ms) ? t('events.err.required') : ms <= Date.now() ? t('events.err.past') : null;
      }
      case 'break_minutes': return range('break_minutes', 0, 60);
      case 'checkin_minutes': return range('checkin_minutes', 0, 120);
      case 'round_times': {
        const all = [fromInput(val('starts_at')), ...times()];
        if (all.slice(1).some(Number.isNaN)) return t('events.err.required');
        return all.some((ms, i) => i > 0 && ms <= all[i - 1]) ? t('events.err.times_order') : null;
      }
      case 'entry_code': {
        const n = [...val('entry_code')].length;
        return n < 4 || n > 32 ? t('events.err.code_length') : null;
      }
      case 'entry_list': {
        const n = listNames().length;
        return n < 1 ? t('events.err.required') : n > 512 ? t('events.err.list_long') : null;
      }
      case 'entry_min': return Number.isNaN(int('entry_min')) ? t('events.err.integer') : null;
      case 'cap': return range('cap', 2, 512);
      case 'watch_delay_s': return range('watch_delay_s', 0, 600);
      default: return null;
    }
  }

  function check(name) {
    if (!f[name]) return true;
    const p = problem(name);
    f[name].error.textContent = p || '';
    f[name].input?.setAttribute('aria-invalid', p ? 'true' : 'false');
    return !p;
  }

  function body() {
    const entry = val('entry');
    const b = {
      name: val('name').trim(), description: val('description'), kind: f.kind ? val('kind') : 'club', mode: val('mode'),
      rounds: int('rounds'), starts_at: fromInput(val('starts_at')), checkin_minutes: int('checkin_minutes'), round_start: val('round_start'), seating: val('seating'),
      duplicate: f.duplicate.input.checked, entry, cap: int('cap'), clocks: val('clocks'), fill: val('fill'),
      stand_in: val('stand_in'), spectators: f.spectators.input.checked, recurrence: val('recurrence') === 'weekly' ? 'weekly' : null,
    };
    if (b.round_start === 'when_done') b.break_minutes = int('break_minutes');
    else b.round_times = times();
    if (entry === 'code') b.entry_code = val('entry_code');
    if (entry === 'list') b.entry_list = listNames();
    if (entry.startsWith('min_')) b.entry_min = int('entry_min');
    if (b.spectators) b.watch_delay_s = int('watch_delay_s');
    return b;
  }

  async function submit(ev) {
    ev.preventDefault();
    if (busy) return;
    formError.textContent = '';
    const bad = Object.keys(f).filter((k) => !check(k));
    if (bad.length) {
      (f[bad[0]].input || roundTimes.querySelector('input'))?.focus();
      return;
    }
    busy = true;
    try {
      const made = await api('/events', { method: 'POST', body: body() });
      navigate(`/event/${made.id}`);
    } catch (e) {
      const known = Object.keys(e.fields || {}).filter((k) => f[k]);
      for (const k of known) f[k].error.textContent = e.fields[k];
      const other = Object.entries(e.fields || {}).filter(([k]) => !f[k]).map(([k, v]) => `${k}: ${v}`);
      formError.textContent = known.length && !other.length ? t('events.err.see_fields')
        : [refusal(e), ...other].join(' · ');
      if (known.length) f[known[0]].input?.focus();
    } finally {
      busy = false;
    }
  }

  function render() {
    const who = currentUser();
    if (!who || who.guest) {
      replace(root, h('div.event-new', {}, h('h1', {}, t('events.new_title')),
        h('p.error', { role: 'alert' }, t('events.create_registered')),
        h('p', {}, h('a.button.primary', { href: '#/login' }, t('nav.login')))));
      return;
    }
    replace(root, h('div.event-new', {}, h('h1', {}, t('events.new_title')), h('p.lead', {}, t('events.new_lead')), form));
    shown();
  }

  const offSession = onSessionChange(render);
  const offLang = onLangChange(() => navigate('/events/new'));
  render();
  return () => { offSession(); offLang(); };
}
