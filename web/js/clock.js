// clock.js — this player's time, at the hand: a ring whose outer arc is the time left for the
// current decision (5 s) and whose inner arc is the bank behind it, the running seconds in its
// middle, and beside it both times with their names; counted down from the ask's `clock` while an
// ask is pending, red once the bank runs.
import { h, svg } from './dom.js';
import { t } from './i18n.js';

/** what is left now of an ask's clock, given when it arrived */
export function remaining(clock, askAt, now) {
  const used = Math.max(0, now - askAt);
  const move = Math.max(0, clock.move_ms - used);
  const bank = Math.max(0, clock.bank_ms - Math.max(0, used - clock.move_ms));
  return { move, bank };
}

function meter(cls, labelKey) {
  const secs = h('span.secs');
  // data-i18n: the labels follow a language switch (i18n.js translates them in place)
  const el = h(`div.meter.${cls}`, { role: 'timer', 'aria-label': t(labelKey), dataset: { i18nAria: labelKey } },
    h('span.meter-label', { dataset: { i18n: labelKey } }, t(labelKey)), secs);
  return { el, secs };
}

/** one arc of the ring (r in a 48 × 48 box), drawn from the top clockwise over `pathLength` 100 */
function arc(cls, r) {
  return svg('circle', { class: cls, cx: 24, cy: 24, r, pathLength: 100, transform: 'rotate(-90 24 24)' });
}

/** a clock element with update(game) to call as time passes */
export function clockEl() {
  const move = meter('move', 'clock.move');
  const bank = meter('bank', 'clock.bank');
  const moveArc = arc('ring-move', 20);
  const bankArc = arc('ring-bank', 13.5);
  const middle = h('span.ring-secs');
  const ring = h('span.ring', { 'aria-hidden': 'true' },
    svg('svg', { viewBox: '0 0 48 48', class: 'ring-svg' }, arc('ring-track', 20), arc('ring-track', 13.5), moveArc, bankArc), middle);
  const el = h('div.clock', {}, ring, h('div.meters', {}, move.el, bank.el));
  let full = { move: 5000, bank: 20000 };
  el.update = (g) => {
    const ask = g && g.ask;
    if (ask) {
      full = { move: Math.max(full.move, ask.clock.move_ms), bank: Math.max(full.bank, ask.clock.bank_ms) };
      const left = remaining(ask.clock, g.askAt, performance.now());
      g.bankLeft = left.bank;
      show(move, moveArc, left.move, full.move, true);
      show(bank, bankArc, left.bank, full.bank, left.move === 0);
      middle.textContent = Math.ceil((left.move > 0 ? left.move : left.bank) / 1000);
      el.classList.add('running');
      el.classList.toggle('urgent', left.move === 0);
    } else {
      show(move, moveArc, 0, full.move, false);
      show(bank, bankArc, g && g.bankLeft !== undefined ? g.bankLeft : g && g.clock ? g.clock.bank_ms : full.bank, full.bank, false);
      middle.textContent = '';
      el.classList.remove('running', 'urgent');
    }
  };
  return el;
}

function show(part, ring, ms, fullMs, active) {
  const frac = fullMs > 0 ? Math.min(1, ms / fullMs) : 0;
  ring.setAttribute('stroke-dasharray', `${(frac * 100).toFixed(2)} 100`);
  part.secs.textContent = (ms / 1000).toFixed(1);
  part.el.classList.toggle('active', active);
}
