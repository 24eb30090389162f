// review.js — the review of a seat's decisions (src/review/README.md): the panel the replay viewer
// shows beside the table at each decision of the viewed seat (replay.js, #/review/ID/SEAT/K), and
// the import page (#/review) that reviews a pasted or uploaded tenhou.net/6 game through POST
// /api/review. The panel lists the decision's options ranked by shanten, then ukeire, each with a
// bar for its ukeire (and one for its danger when the review has one: "danger":[{"seat","p","why"}]),
// the chosen one highlighted; a decision's "mark" ({"severity","category","text":{"en","ja"}}) is
// shown when present. An option of more shanten than the least is greyed: its ukeire, counted toward
// a farther goal, is no match for the best ones' however long its bar. Navigation: previous / next
// decision, previous / next marked decision, and a filter by severity that the previous / next
// buttons follow.
import { h, replace, number } from './dom.js';
import { t, getLang, onLangChange } from './i18n.js';
import { api, ApiError } from './api.js';
import { tile, tileLabel } from './tiles.js';
import { otherDecisionEl } from './reviewmoves.js';

const SEVERITIES = ['small', 'clear', 'big'];
/* the filter's choices: which decisions the previous / next buttons stop at */
export const FILTERS = {
  all: () => true,
  marked: (d) => !!d.mark,
  clear: (d) => !!d.mark && SEVERITIES.indexOf(d.mark.severity) >= 1,
  big: (d) => !!d.mark && d.mark.severity === 'big',
};

const kindOf = (code) => (code[0] === '0' ? `5${code[1]}` : code);

/** the options best first: least shanten, then most ukeire, then kind order */
export function ranked(options) {
  return options.map((o, i) => ({ o, i }))
    .sort((a, b) => a.o.shanten - b.o.shanten || b.o.ukeire.count - a.o.ukeire.count || a.i - b.i)
    .map((x) => x.o);
}

/** the index of the next decision from k in direction dir (+1 / −1) that passes test, or −1 */
export function seek(decisions, k, dir, test) {
  for (let i = k + dir; i >= 0 && i < decisions.length; i += dir) if (test(decisions[i])) return i;
  return -1;
}

/** a danger entry's largest chance, and the words of each seat's ("Seat 2: 12 % (suji)") */
function dangerOf(option, seatName) {
  const list = option.danger || [];
  if (!list.length) return null;
  const top = Math.max(...list.map((x) => x.p));
  const why = (x) => (Array.isArray(x.why) ? x.why.join(', ') : x.why || '');
  const threat = (x) => (x.threat === 'open' ? ` ${t('review.threat.open')}` : '');
  return { top, words: list.map((x) => `${seatName(x.seat)}${threat(x)}: ${(x.p * 100).toFixed(1)} %${why(x) ? ` (${why(x)})` : ''}`).join(' · ') };
}

/** one way of playing a tenpai option: its ron points, win chance and expected value */
const wayText = (key, way) => t(key, { points: number(way.ron), win: Math.round(way.win * 100), ev: number(way.ev) });

/** a tenpai option's value (src/review/README.md, "Value", "Win chance"):
    "dama 2,000 (wins 37 %, EV 740) / riichi 3,900 (31 %, EV 600) · furiten", the parts there are */
function valueText(value) {
  const parts = [];
  if (value.dama) parts.push(wayText('review.value.dama', value.dama));
  if (value.riichi) parts.push(wayText('review.value.riichi', value.riichi));
  if (!parts.length) parts.push(t('review.value.none'));
  if (value.furiten) parts.push(t('review.value.furiten'));
  return parts.join(' · ');
}

function optionEl(option, { chosen, maxUkeire, seatName, least }) {
  const danger = dangerOf(option, seatName);
  const level = option.shanten === 0 ? t('review.tenpai') : t('review.shanten', { n: option.shanten });
  /* a bar's fill, its width set through the CSSOM (the site's CSP allows no style attribute) */
  const fill = (n, of) => {
    const el = h('span.fill');
    el.style.width = `${Math.round((100 * n) / Math.max(1, of))}%`;
    return el;
  };
  return h(`li.review-option${chosen ? '.chosen' : ''}${option.best ? '.best' : ''}${option.shanten > least ? '.worse' : ''}`, { dataset: { discard: option.discard } },
    h('div.review-option-head', {},
      tile(option.discard, 'review-tile'),
      h('span.review-level', {}, level),
      option.best ? h('span.review-tag.best', {}, t('review.best')) : null,
      chosen ? h('span.review-tag.chosen', {}, t('review.chosen')) : null),
    h('div.review-bar.ukeire', { title: t('review.ukeire_title') },
      fill(option.ukeire.count, maxUkeire),
      h('span.bar-text', {}, t('review.ukeire', { n: option.ukeire.count }),
        option.two_step !== null && option.two_step !== undefined ? ` · ${t('review.two_step', { n: Number(option.two_step).toFixed(1) })}` : '',
        option.waits ? ` · ${t('review.waits', { tiles: option.waits.map(tileLabel).join(', ') })}` : '')),
    option.value ? h('p.review-figures.review-value', {}, valueText(option.value)) : null,
    danger ? h('div.review-bar.danger', { title: t('review.danger_title', { seats: danger.words }) },
      fill(danger.top, 1),
      h('span.bar-text', {}, t('review.danger', { p: (danger.top * 100).toFixed(1) }))) : null);
}

/** a decision's mark, in the page's language */
function markEl(mark) {
  if (!mark) return null;
  const text = mark.text ? (mark.text[getLang()] || mark.text.en) : '';
  return h(`p.review-mark.${mark.severity}`, { dataset: { severity: mark.severity, category: mark.category } },
    h('span.review-tag', {}, `${t(`review.severity.${mark.severity}`)} · ${t(`review.category.${mark.category}`)}`), ' ', text);
}

/**
 * the panel of decision k of review: its position among the decisions, the navigation (go(i): show
 * decision i; filter and setFilter: the severity filter), the mark, the hand held, the options. at:
 * false when the viewer stands between decisions, k being the last one before (−1: none): then the
 * panel says so and its buttons lead to the decisions around
 */
export function reviewPanelEl(review, k, { go, filter, setFilter, seatName, title, showHeld = false, onClose = null, at = true }) {
  const decisions = review.decisions;
  const d = at ? decisions[k] : null;
  const back = at ? k : k + 1;
  const test = FILTERS[filter] || FILTERS.all;
  const marked = (x) => !!x.mark && test(x);
  const nav = (kind, label, to) => h('button.secondary.review-nav', { type: 'button', dataset: { kind }, disabled: to < 0, onclick: () => go(to) }, label);
  const summary = review.summary && review.summary.decisions
    ? h('p.review-summary', {}, t('review.summary', { rate: `${Math.round(review.summary.agreement * 100)} %`, agreed: review.summary.agreed, n: review.summary.decisions }))
    : null;
  const select = h('select.review-filter', { 'aria-label': t('review.filter'), onchange: (ev) => setFilter(ev.target.value) },
    Object.keys(FILTERS).map((f) => h('option', { value: f, selected: f === filter }, t(`review.filter.${f}`))));
  const head = h('header.review-head', {}, h('h2', {}, title),
    onClose ? h('button.secondary.review-close', { type: 'button', 'aria-label': t('review.close'), title: t('review.close'), onclick: onClose }, '×') : null);
  const navs = h('div.review-navs', {},
    nav('prev', t('review.prev'), seek(decisions, back, -1, test)),
    nav('next', t('review.next'), seek(decisions, k, 1, test)),
    nav('prev-marked', t('review.prev_marked'), seek(decisions, back, -1, marked)),
    nav('next-marked', t('review.next_marked'), seek(decisions, k, 1, marked)));
  const filterEl = h('label.review-field', {}, h('span', {}, t('review.filter')), select);
  if (!decisions.length) return h('aside.review-panel', { 'aria-label': title }, head, h('p.muted', {}, t('review.none')));
  if (!d) return h('aside.review-panel', { 'aria-label': title }, head, summary, navs, filterEl, h('p.muted.review-between', {}, t('review.no_decision_here')));
  const discard = d.kind === 'discard';
  const verdict = d.agrees === null || d.agrees === undefined ? null
    : h(`p.review-verdict.${d.agrees ? 'agrees' : 'differs'}`, {},
      t(discard ? (d.agrees ? 'review.agrees' : 'review.differs') : (d.agrees ? 'review.no_mistake' : 'review.marked')));
  let body;
  if (discard) {
    const opts = ranked(d.options);
    const maxUkeire = Math.max(...d.options.map((o) => o.ukeire.count));
    body = h('ol.review-options', {}, opts.map((o) => optionEl(o, { chosen: o.discard === kindOf(d.chosen), maxUkeire, seatName, least: opts[0].shanten })));
  } else {
    body = otherDecisionEl(d);
  }
  const chosenKind = discard && d.chosen ? kindOf(d.chosen) : null;
  return h('aside.review-panel', { 'aria-label': title, dataset: { decision: String(k), kind: d.kind } },
    head, summary, navs, filterEl,
    h('p.review-position', {}, h('strong', {}, t('review.decision', { n: k + 1, total: decisions.length })), ' · ',
      discard ? t('review.hand_turn', { hand: d.hand + 1, turn: d.turn }) : t('review.hand_kind', { hand: d.hand + 1, kind: t(`review.kind.${d.kind}`) })),
    verdict,
    markEl(d.mark),
    showHeld ? h('div.review-held', { 'aria-label': t('review.held') }, heldTiles(d.held).map((c) => tile(c, 'review-tile', { extra: chosenKind && kindOf(c) === chosenKind ? 'was-chosen' : '' }))) : null,
    body);
}

/** "378m11245p" → ["3m","7m","8m","1p",…] */
export function heldTiles(text) {
  const out = [];
  let digits = '';
  for (const c of text) {
    if (/[0-9]/.test(c)) digits += c;
    else { for (const d of digits) out.push(`${d}${c}`); digits = ''; }
  }
  return out;
}

/** #/review: a pasted or uploaded tenhou.net/6 game, reviewed for the seat chosen */
export function mountReviewImport(root) {
  const ui = { text: '', seat: 0, review: null, error: null, busy: false, k: 0, filter: 'all' };
  const area = h('textarea.review-text', { rows: 10, spellcheck: false, oninput: (ev) => { ui.text = ev.target.value; } });
  const file = h('input.review-file', { type: 'file', accept: '.json,application/json', onchange: async (ev) => {
    const f = ev.target.files[0];
    if (!f) return;
    ui.text = await f.text();
    area.value = ui.text;
  } });

  async function submit(ev) {
    ev.preventDefault();
    ui.error = null;
    if (!ui.text.trim()) { ui.error = t('review.import_empty'); render(); return; }
    ui.busy = true;
    render();
    try {
      ui.review = await api(`/review?seat=${ui.seat}`, { method: 'POST', text: ui.text, auth: false });
      ui.k = 0;
    } catch (e) {
      ui.error = t('review.import_failed', { message: e instanceof ApiError ? e.message : String(e) });
    }
    ui.busy = false;
    render();
  }

  function render() {
    if (ui.review) {
      const seatName = (s) => t('review.import_seat_n', { n: s });
      replace(root, h('div.review-page', {},
        h('h1', {}, t('review.import_title')),
        reviewPanelEl(ui.review, ui.k, {
          go: (i) => { ui.k = i; render(); }, filter: ui.filter, setFilter: (f) => { ui.filter = f; render(); },
          seatName, title: t('review.panel', { name: seatName(ui.review.seat) }), showHeld: true,
        }),
        h('p', {}, h('button.secondary', { type: 'button', dataset: { kind: 'another' }, onclick: () => { ui.review = null; render(); } }, t('review.import_another')))));
      return;
    }
    area.value = ui.text;
    const seats = h('select.review-seat', { onchange: (ev) => { ui.seat = Number(ev.target.value); } },
      [0, 1, 2, 3].map((s) => h('option', { value: String(s), selected: s === ui.seat }, t('review.import_seat_n', { n: s }))));
    replace(root, h('div.review-page', {},
      h('h1', {}, t('review.import_title')),
      h('p', {}, t('review.import_intro')),
      h('form.review-import', { onsubmit: submit },
        h('label.review-field.wide', {}, h('span', {}, t('review.import_text')), area),
        h('label.review-field', {}, h('span', {}, t('review.import_file')), file),
        h('label.review-field', {}, h('span', {}, t('review.import_seat')), seats),
        ui.error ? h('p.error', { role: 'alert' }, ui.error) : null,
        h('button.primary', { type: 'submit', disabled: ui.busy }, ui.busy ? t('review.loading') : t('review.import_go')))));
  }
  const off = onLangChange(render);
  render();
  return off;
}
