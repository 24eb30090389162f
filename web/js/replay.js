// replay.js — #/replay/ID and #/replay/ID/STEP: a finished match stepped through action by
// action with every hand open, on the table page's layout and drawing code (viewer.js) from
// GET /api/matches/ID?format=replay (matches_rest.c):
// one step per deal and per action, each with the events it caused. The state at a step is the
// game model (game.js) fed every event up to it, with each seat's open hand (openhands.js); a step
// forward applies one more step (its call-outs are announced), a step back or a jump builds the
// state again from the start (no call-outs). Controls: first / previous hand, step back,
// play-pause, step forward, next hand, a list of the hands, the speed; keys ← → (step), Space
// (play/pause), ↑ ↓ or PageUp/PageDown (hands), Home / End; the viewpoint at the bottom can be
// any seat; a list of the hand's turns (each seat's action with its tile) jumps to one. The URL
// follows the step and the viewpoint (#/replay/ID/STEP/SEAT, history.replaceState), so a moment
// can be shared as it was seen.
//
// Review mode (#/review/ID/SEAT/K): the same viewer from SEAT's seat with the review of its discards
// (GET /api/matches/ID/review?seat=SEAT, review.js) beside the table: each decision is shown at the
// step before the seat's discard (its hand as it was when it chose), K is the decision shown, kept in
// the URL; the panel's buttons step between decisions, the replay's own controls step as before.
import { h, replace } from './dom.js';
import { t } from './i18n.js';
import { api } from './api.js';
import { newGame, applyEvent } from './game.js';
import { newOpenHands, followOpen } from './openhands.js';
import { seatName, WINDS } from './board.js';
import { tileLabel } from './tiles.js';
import { viewerPage } from './viewer.js';
import { reviewPanelEl } from './review.js';

const SPEEDS = [1, 2, 4];
/* the controls' symbols (the same in every language; the words are their labels) */
const ICONS = { 'prev-hand': '«', back: '‹', play: '▶', pause: '‖', forward: '›', 'next-hand': '»' };
export const STEP_MS = 900; // one step at 1×

/** the steps' hands: for each deal step, its index and the hand's name parts */
function handsOf(steps) {
  const hands = [];
  steps.forEach((s, i) => {
    const start = s.seat === undefined ? s.events.find((e) => e.type === 'hand_start') : null;
    if (start) hands.push({ step: i, start });
  });
  return hands;
}

/** the game before any step: the match's seats, numbers and the chosen viewpoint */
function freshGame(data, view) {
  const g = newGame({
    table: `replay-${data.id}`, mode: data.mode, seat: view, ranked: data.ranked, numbers: data.numbers,
    seats: data.players.map((p) => ({ seat: p.seat, name: p.display_name, bot: p.bot })),
  });
  g.watching = true;
  g.open = newOpenHands(g.players);
  g.banks = Array(g.players).fill(null); // each seat's bank once it has acted
  g.lastAction = null;
  return g;
}

/** one step into the game: its events (the others' deals only to the open hands) and its clock */
function applyStep(g, step) {
  for (const e of step.events) {
    followOpen(g.open, e);
    if (e.type === 'deal' && e.seat !== g.me) continue;
    if (e.type === 'hand_start') g.lastAction = null;
    applyEvent(g, e);
  }
  if (step.seat !== undefined) {
    if (Number.isInteger(step.bank_ms)) g.banks[step.seat] = step.bank_ms;
    g.lastAction = { seat: step.seat, action: step.action, at: step.at_ms };
  }
  g.ask = null;
}

const OFFER_ANSWERS = new Set(['pass', 'chi', 'pon', 'daiminkan', 'ron']);
const sameKind = (a, b) => !!a && !!b && (a[0] === '0' ? `5${a[1]}` : a) === (b[0] === '0' ? `5${b[1]}` : b);

/**
 * the step each decision of table seat `seat` is shown at (−1: not found). d.turn counts the seat's
 * discards in hand d.hand up to the decision: a decision on its own turn (a discard, riichi, kan,
 * kita or tsumo) is shown at the step before its first action of the turn that ends in its
 * d.turn-th discard; an answer to an offer (a call or its pass, a ron, a win it could not take) at
 * the step of the other seat's discard of d.tile after its d.turn-th discard
 */
export function decisionSteps(steps, decisions, seat) {
  const hands = []; /* per hand: its steps as [index, step] */
  steps.forEach((step, i) => {
    if (step.seat === undefined) hands.push([]);
    else if (hands.length) hands[hands.length - 1].push([i, step]);
  });
  return decisions.map((d) => {
    const list = hands[d.hand] || [];
    const ownTurn = d.kind === 'discard' || d.kind === 'riichi' || d.kind === 'kan' || d.kind === 'kita'
      || (d.kind === 'win' && d.tsumo);
    let discards = 0, turnStart = -1;
    for (const [i, step] of list) {
      const type = step.action.type;
      if (step.seat === seat) {
        if (ownTurn && !OFFER_ANSWERS.has(type) && turnStart < 0 && discards === d.turn - 1) turnStart = i - 1;
        if (ownTurn && d.kind === 'discard' && (type === 'discard' || type === 'riichi') && discards === d.turn - 1) return i - 1;
        if (type === 'discard' || type === 'riichi') discards++;
        if (ownTurn && d.kind !== 'discard' && discards === d.turn) return turnStart;
      } else if (!ownTurn && discards === d.turn && (type === 'discard' || type === 'riichi') && sameKind(step.action.tile, d.tile)) {
        return i;
      }
    }
    return ownTurn && turnStart >= 0 ? turnStart : -1;
  });
}

export function mountReplay(root, params) {
  const ui = { data: null, failed: null, step: 0, g: null, playing: false, speed: 1, timer: null, view: 0, hands: [], turnsOpen: false };
  const reviewing = params.review !== undefined;
  /* review mode: the review, each decision's step, the decision shown (or the last one before the step), the filter */
  const rv = { review: null, steps: [], k: -1, filter: 'all', failed: null, open: false };
  const view = viewerPage(root, { badge: () => t('replay.badge'), pageClass: 'replay-page' });
  const { controls, info } = view;

  const last = () => (ui.data ? ui.data.steps.length - 1 : 0);

  /** the state at step i, built from the start (no call-outs: its effects are old news) */
  function rebuild(i) {
    const g = freshGame(ui.data, ui.view);
    for (let k = 0; k <= i; k++) applyStep(g, ui.data.steps[k]);
    for (const e of g.effects) e.at = 0;
    ui.g = g;
    ui.step = i;
  }

  function go(i) {
    const to = Math.max(0, Math.min(last(), i));
    if (to === ui.step + 1 && ui.g) {
      applyStep(ui.g, ui.data.steps[to]);
      ui.step = to;
    } else {
      rebuild(to);
    }
    if (reviewing) {
      rv.k = -1;
      rv.steps.forEach((s, k) => { if (s >= 0 && s <= ui.step) rv.k = k; });
      history.replaceState(null, '', `#/review/${encodeURIComponent(params.id)}/${ui.view}/${Math.max(0, rv.k)}`);
    } else {
      history.replaceState(null, '', `#/replay/${encodeURIComponent(params.id)}/${ui.step}/${ui.view}`);
    }
    render();
  }

  /** review mode: the panel at the current step (a decision there, or the way to the nearest ones) */
  function reviewEl() {
    const title = t('review.panel', { name: ui.data.players[ui.view].display_name });
    if (rv.failed) return h('aside.review-panel', {}, h('p.error', {}, t('review.failed', { message: rv.failed.message })));
    if (!rv.review) return h('aside.review-panel', {}, h('p.muted', {}, t('review.loading')));
    const at = rv.k >= 0 && rv.steps[rv.k] === ui.step;
    const panel = reviewPanelEl(rv.review, rv.k, {
      go: (k) => { setPlaying(false); if (rv.steps[k] >= 0) go(rv.steps[k]); }, filter: rv.filter,
      setFilter: (f) => { rv.filter = f; renderControls(); }, seatName: (s) => seatName(ui.g, s), title, at,
      onClose: () => { rv.open = false; renderControls(); },
    });
    panel.classList.toggle('open', rv.open);
    return panel;
  }

  function handIndex() {
    let k = 0;
    ui.hands.forEach((hand, i) => { if (hand.step <= ui.step) k = i; });
    return k;
  }

  function toHand(k) {
    const hand = ui.hands[Math.max(0, Math.min(ui.hands.length - 1, k))];
    if (hand) go(hand.step);
  }

  function setPlaying(on) {
    ui.playing = on && ui.step < last();
    clearInterval(ui.timer);
    ui.timer = null;
    if (ui.playing)
      ui.timer = setInterval(() => {
        if (ui.step >= last()) setPlaying(false);
        else go(ui.step + 1);
      }, STEP_MS / ui.speed);
    renderControls();
  }

  function button(kindName, label, onclick, disabled = false) {
    return h('button.secondary.replay-button', { type: 'button', dataset: { kind: kindName }, 'aria-label': label, title: label, disabled, onclick }, ICONS[kindName]);
  }

  function handLabel(hand) {
    const s = hand.start;
    return `${t('table.kyoku', { wind: t(`round.${WINDS[s.round_wind]}`), n: s.kyoku || 1 })} · ${t('table.honba_n', { n: s.honba })}`;
  }

  function renderControls() {
    if (!ui.data) { replace(controls); return; }
    const k = handIndex();
    const select = h('select.replay-hands', { 'aria-label': t('replay.hands'), onchange: (ev) => toHand(Number(ev.target.value)) },
      ui.hands.map((hand, i) => h('option', { value: String(i), selected: i === k }, handLabel(hand))));
    const views = h('select.replay-view', { 'aria-label': t('replay.view'), onchange: (ev) => {
      if (reviewing) { location.hash = `#/review/${encodeURIComponent(params.id)}/${ev.target.value}/0`; return; }
      ui.view = Number(ev.target.value); ui.g = null; go(ui.step);
    } },
      ui.data.players.map((p) => h('option', { value: String(p.seat), selected: p.seat === ui.view }, p.display_name)));
    const speeds = h('div.replay-speeds', { role: 'group', 'aria-label': t('replay.speed') },
      SPEEDS.map((x) => h('button.secondary', { type: 'button', 'aria-pressed': String(ui.speed === x), dataset: { speed: String(x) },
        onclick: () => { ui.speed = x; setPlaying(ui.playing); } }, `${x}×`)));
    const review = reviewing ? reviewEl() : null;
    replace(controls,
      reviewing ? h('button.primary.review-toggle', { type: 'button', dataset: { kind: 'review-open' }, 'aria-expanded': String(rv.open),
        onclick: () => { rv.open = !rv.open; renderControls(); } }, t('review.open')) : null,
      h('p.replay-position', { dataset: { step: String(ui.step) } }, t('replay.position', { n: ui.step + 1, total: last() + 1 })),
      h('div.replay-buttons', {},
        button('prev-hand', t('replay.prev_hand'), () => toHand(k - (ui.step === ui.hands[k].step ? 1 : 0)), ui.step === 0),
        button('back', t('replay.back'), () => go(ui.step - 1), ui.step === 0),
        button(ui.playing ? 'pause' : 'play', t(ui.playing ? 'replay.pause' : 'replay.play'), () => setPlaying(!ui.playing), !ui.playing && ui.step >= last()),
        button('forward', t('replay.forward'), () => go(ui.step + 1), ui.step >= last()),
        button('next-hand', t('replay.next_hand'), () => toHand(k + 1), k >= ui.hands.length - 1)),
      h('label.replay-field', {}, h('span', {}, t('replay.hands')), select),
      h('label.replay-field', {}, h('span', {}, t('replay.view')), views),
      reviewing ? null : speeds,
      reviewing ? null : turnsEl(k),
      reviewing ? null : h('p.hint', {}, t('replay.keys')),
      review,
      h('a.button.secondary', { href: `#/match/${encodeURIComponent(params.id)}`, dataset: { kind: 'match-page' } }, t('viewer.match_page')));
  }

  /** a seat's action in words: "Bot A: discards 5 of characters" */
  function actionWords(g, seat, action) {
    return `${seatName(g, seat)}: ${t(`replay.did.${action.type}`, { tile: action.tile ? tileLabel(action.tile) : '' })}`;
  }

  /** the turns of hand k (every action but a pass), each a button to its step; the current one
      marked (the last turn at or before the step shown: a pass is not listed) */
  function turnsEl(k) {
    const from = ui.hands[k] ? ui.hands[k].step : 0;
    const to = ui.hands[k + 1] ? ui.hands[k + 1].step : last() + 1;
    const listed = (i) => { const step = ui.data.steps[i]; return step.seat !== undefined && step.action && step.action.type !== 'pass'; };
    let current = -1;
    for (let i = from + 1; i < to && i <= ui.step; i++) if (listed(i)) current = i;
    const items = [];
    for (let i = from + 1; i < to; i++) {
      if (!listed(i)) continue;
      const step = ui.data.steps[i];
      items.push(h('li', {}, h('button.replay-turn', {
        type: 'button', dataset: { step: String(i), seat: String(step.seat) }, 'aria-current': i === current ? 'step' : null,
        title: t('replay.turn_go', { n: i + 1 }), onclick: () => { setPlaying(false); go(i); },
      }, h('span.turn-n', {}, String(i + 1)), actionWords(ui.g, step.seat, step.action))));
    }
    const list = h('ol.replay-turn-list', {}, items);
    const box = h('details.replay-turns', { open: ui.turnsOpen, ontoggle: () => { ui.turnsOpen = box.open; centreTurn(list); } },
      h('summary', {}, t('replay.turns')), list);
    requestAnimationFrame(() => centreTurn(list));
    return box;
  }

  /** the list scrolled to the current turn */
  function centreTurn(list) {
    const now = list.querySelector('[aria-current="step"]');
    if (now && list.clientHeight) list.scrollTop = now.parentElement.offsetTop - (list.clientHeight - now.offsetHeight) / 2;
  }

  /** what the last action was, in words, with the time it took */
  function renderInfo(g) {
    const a = g.lastAction;
    if (!a || !a.action) { replace(info); return; }
    replace(info, h('p.replay-last', {}, actionWords(g, a.seat, a.action),
      Number.isInteger(a.at) ? h('span.muted', {}, ` · ${t('replay.at', { s: (a.at / 1000).toFixed(1) })}`) : null));
  }

  function render() {
    if (ui.failed) {
      view.failed(ui.failed.status === 404 ? t('match.not_found') : t('common.load_failed'));
      return;
    }
    view.render(ui.g);
    if (!ui.g) return;
    renderInfo(ui.g);
    renderControls();
  }

  function onKey(ev) {
    if (!ui.data || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.target instanceof HTMLSelectElement || ev.target.closest('.table-menu')) return;
    const keys = {
      ArrowRight: () => go(ui.step + 1), ArrowLeft: () => go(ui.step - 1),
      ArrowDown: () => toHand(handIndex() + 1), PageDown: () => toHand(handIndex() + 1),
      ArrowUp: () => toHand(handIndex() - (ui.step === ui.hands[handIndex()].step ? 1 : 0)),
      PageUp: () => toHand(handIndex() - (ui.step === ui.hands[handIndex()].step ? 1 : 0)),
      Home: () => go(0), End: () => go(last()), ' ': () => setPlaying(!ui.playing),
    };
    const fn = keys[ev.key];
    if (!fn) return;
    ev.preventDefault();
    if (ev.key !== ' ') setPlaying(false);
    fn();
  }


  const seat = Number(params.view);
  const reviewed = reviewing && Number.isInteger(seat) && seat >= 0
    ? api(`/matches/${encodeURIComponent(params.id)}/review?seat=${seat}`).then((r) => { rv.review = r; }, (e) => { rv.failed = e; })
    : Promise.resolve();
  api(`/matches/${encodeURIComponent(params.id)}?format=replay`).then(async (data) => {
    ui.data = data;
    ui.hands = handsOf(data.steps);
    const human = data.players.find((p) => !p.bot);
    ui.view = Number.isInteger(seat) && data.players[seat] ? seat : human ? human.seat : data.first_dealer;
    let at = Number(params.step);
    if (reviewing) {
      await reviewed;
      if (rv.review) rv.steps = decisionSteps(data.steps, rv.review.decisions, ui.view);
      const k = Math.max(0, Math.min(rv.steps.length - 1, Number(params.review) || 0));
      at = rv.steps.length ? rv.steps[k] : 0;
    }
    rebuild(Number.isInteger(at) && at >= 0 ? Math.min(at, last()) : 0);
    go(ui.step);
  }, (e) => { ui.failed = e; render(); });
  const offLang = view.onLang(render);
  document.addEventListener('keydown', onKey);
  render();
  return () => {
    offLang();
    setPlaying(false);
    document.removeEventListener('keydown', onKey);
    view.destroy();
  };
}
