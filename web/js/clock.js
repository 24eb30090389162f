// clock.js — this player's time: the 5 s for the current decision and the bank behind it, as
// two bars with seconds, counted down from the ask's `clock` while an ask is pending.
import { h } from './dom.js';
import { t } from './i18n.js';

/** what is left now of an ask's clock, given when it arrived */
export function remaining(clock, askAt, now) {
  const used = Math.max(0, now - askAt);
  const move = Math.max(0, clock.move_ms - used);
  const bank = Math.max(0, clock.bank_ms - Math.max(0, used - clock.move_ms));
  return { move, bank };
}

function bar(cls, labelKey) {
  const fill = h('span.fill');
  const secs = h('span.secs');
  // data-i18n: the labels follow a language switch (i18n.js translates them in place)
  const meter = h(`div.meter.${cls}`, { role: 'timer', 'aria-label': t(labelKey), dataset: { i18nAria: labelKey } },
    h('span.meter-label', { dataset: { i18n: labelKey } }, t(labelKey)), h('span.track', {}, fill), secs);
  return { meter, fill, secs };
}

/** a clock element with update(game) to call as time passes */
export function clockEl() {
  const move = bar('move', 'clock.move');
  const bank = bar('bank', 'clock.bank');
  const el = h('div.clock', {}, move.meter, bank.meter);
  let full = { move: 5000, bank: 20000 };
  el.update = (g) => {
    const ask = g && g.ask;
    if (ask) {
      full = { move: Math.max(full.move, ask.clock.move_ms), bank: Math.max(full.bank, ask.clock.bank_ms) };
      const left = remaining(ask.clock, g.askAt, performance.now());
      g.bankLeft = left.bank;
      show(move, left.move, full.move, true);
      show(bank, left.bank, full.bank, left.move === 0);
      el.classList.add('running');
      el.classList.toggle('urgent', left.move === 0);
    } else {
      show(move, 0, full.move, false);
      show(bank, g && g.bankLeft !== undefined ? g.bankLeft : g && g.clock ? g.clock.bank_ms : full.bank, full.bank, false);
      el.classList.remove('running', 'urgent');
    }
  };
  return el;
}

function show(part, ms, fullMs, active) {
  const frac = fullMs > 0 ? Math.min(1, ms / fullMs) : 0;
  part.fill.style.width = `${(frac * 100).toFixed(1)}%`;
  part.secs.textContent = (ms / 1000).toFixed(1);
  part.meter.classList.toggle('active', active);
}
