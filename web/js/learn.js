// learn.js — #/learn: a guided first hand for newcomers, a table scripted in the browser (no
// server): learnscript.js's fixed deal and bot moves are fed to the game model (game.js) as the
// server's events and drawn with the table's own code through viewer.js (board, plates,
// call-outs, the win in full), with the player's hand (hand.js) and action bar (actions.js) live.
// A coach bubble where the clock would be says what just happened and what to do; only the
// expected action moves on, anything else gets a gentle hint and changes nothing. Keys as at the
// table: 1–9 the buttons, ←/→ and Enter a tile, R riichi, Esc leaves the riichi choice, Space
// "Next" or pass.
import { h, replace, signed } from './dom.js';
import { t } from './i18n.js';
import { newGame, applyEvent, applyAsk } from './game.js';
import { handEl, discardChoices, allowedTile } from './hand.js';
import { buttonsOf, actionBar } from './actions.js';
import { tileLabel } from './tiles.js';
import { tableKey } from './tablekeys.js';
import { viewerPage } from './viewer.js';
import { STEPS, LEARN_FOUND, LEARN_CLOCK, FINAL } from './learnscript.js';

export function mountLearn(root) {
  const ui = { step: 0, g: null, riichiMode: false, selected: -1, hint: false };
  const view = viewerPage(root, {
    badge: () => t('learn.badge'), pageClass: 'learn-page',
    handOf: (g) => handEl(g, ui, { discard, point: () => {} }),
  });

  const current = () => STEPS[ui.step];

  /** the step's tiles by name, for its texts */
  function tileVars(step) {
    const vars = { result: signed(FINAL.results[LEARN_FOUND.seat]) };
    for (const [name, code] of Object.entries(step.tiles || {})) vars[name] = tileLabel(code);
    return vars;
  }

  function enter(i) {
    Object.assign(ui, { step: i, riichiMode: false, selected: -1, hint: false });
    const step = STEPS[i];
    for (const e of step.events) applyEvent(ui.g, e);
    if (step.ask) {
      applyAsk(ui.g, { seq: i + 1, clock: LEARN_CLOCK, ...step.ask });
      ui.g.moveMs = null; // no clock runs here: no seat's plate counts down
    }
    render();
  }

  function restart() {
    ui.g = newGame(LEARN_FOUND);
    enter(0);
  }

  /** the expected action was taken: on to the next step (whose events say what follows, as the
      server's would: after your riichi discard, your waits in a `tenpai` event) */
  function advance() {
    ui.g.ask = null;
    enter(ui.step + 1);
  }

  function hint() {
    ui.hint = true;
    render();
  }

  function discard(item) {
    const g = ui.g;
    const expect = current().expect;
    const type = ui.riichiMode ? 'riichi' : 'discard';
    if (g.ask && expect && expect.type === type && item.code === expect.tile && allowedTile(g, item, discardChoices(g.ask), ui.riichiMode)) {
      advance();
      return;
    }
    hint();
  }

  function pick(button) {
    const expect = current().expect;
    if (button.key === 'riichi' && expect.type === 'riichi') {
      ui.riichiMode = !ui.riichiMode;
      ui.hint = false;
      render();
    } else if (button.key === expect.type) {
      advance();
    } else {
      hint();
    }
  }

  function next() {
    if (current().expect && current().expect.type === 'next') advance();
  }

  function coachEl() {
    const g = ui.g;
    const step = current();
    const vars = tileVars(step);
    const text = `learn.step.${step.name}${ui.riichiMode ? '_choose' : ''}`;
    const end = !step.expect;
    return h(`section.coach${end ? '.coach-end' : ''}`, { 'aria-label': t('learn.coach'), dataset: { step: step.name } },
      h('p.coach-count', {}, t('learn.count', { n: ui.step + 1, of: STEPS.length })),
      h('p.coach-text', { role: 'status' }, t(text, vars)),
      ui.hint ? h('p.coach-hint', { role: 'alert' }, t(`learn.hint.${step.name}`, vars)) : null,
      step.expect && step.expect.type === 'next'
        ? h('button.primary.coach-next', { type: 'button', dataset: { kind: 'next' }, onclick: next }, t('learn.next')) : null,
      g.ask ? actionBar(buttonsOf(g.ask), { riichiMode: ui.riichiMode, onPick: pick, seq: g.ask.seq }) : null,
      end ? h('div.coach-links', {},
        h('a.button.primary', { href: '#/', dataset: { kind: 'play' } }, t('learn.play_now')),
        h('a.button', { href: '#/rules', dataset: { kind: 'rules' } }, t('learn.read_rules')),
        h('button.secondary', { type: 'button', dataset: { kind: 'again' }, onclick: restart }, t('learn.again'))) : null);
  }

  function render() {
    view.render(ui.g);
    replace(view.controls, coachEl());
  }

  /** the tiles that may be chosen with the arrows now */
  function onKey(ev) {
    const g = ui.g;
    const expect = current().expect;
    if (!expect || ev.altKey || ev.ctrlKey || ev.metaKey || ev.target.closest('.table-menu')) return;
    tableKey(ev, g, ui, { pick, discard, selected: render, riichiLeft: render, space: () => { if (expect.type !== 'next') return false; next(); return true; } },
      { controlsKeepKeys: true });
  }

  const offLang = view.onLang(render);
  document.addEventListener('keydown', onKey);
  restart();
  return () => {
    offLang();
    document.removeEventListener('keydown', onKey);
    view.destroy();
  };
}
