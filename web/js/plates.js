// plates.js — each seat's name plate, upright beside the board on that seat's side: its wind
// (the dealer's in red, and "Dealer" / 親 said), name, score and riichi state, lit while the
// seat is on turn with a bar for the time its move has left (the others' banks are theirs to
// know; your own clock is at your hand, clock.js). table.js places the plates; this draws them.
import { h, number } from './dom.js';
import { t } from './i18n.js';
import { position, windOf } from './game.js';
import { WINDS, seatName, continueAnimation } from './board.js';

/** the seat's points; '–' while the match's numbers are not known yet (before the view) */
function points(g, seat) {
  return g.points[seat] === null ? '–' : number(g.points[seat]);
}

/**
 * a bot's seat that is a person's (an event's stand-in: its entrant removed, replaced or away):
 * one under a name no bot has (the server gives its bots "Bot …" and refuses such names
 * to people, src/server/auth/name_rules.h)
 */
function standsIn(g, seat) {
  return !/^Bot /.test(g.names[seat] || '');
}

/** the plate of `seat` */
export function plateEl(g, seat) {
  const pos = position(g, seat);
  const s = g.seats[seat];
  const dealer = seat === g.dealer;
  const onTurn = g.turn === seat && !g.handEnd && !g.end;
  const wind = t(`wind.${WINDS[windOf(g, seat)]}`);
  const plate = h(`div.plate.pos${pos}${onTurn ? '.turn' : ''}${s.riichi ? '.in-riichi' : ''}${seat === g.me ? '.mine' : ''}`, {
    dataset: { seat: String(seat), pos: String(pos) },
    role: 'group',
    'aria-label': t('table.plate', { name: seatName(g, seat), wind, points: points(g, seat) }),
  },
  h(`span.plate-wind${dealer ? '.dealer' : ''}`, { title: dealer ? t('table.dealer') : wind }, t(`wind.kanji.${WINDS[windOf(g, seat)]}`)),
  h('span.plate-name', {}, seatName(g, seat), g.ais && g.ais[seat] ? h('span.plate-bot.plate-ai', { title: t('roombots.ai_title') }, t('table.ai'))
    : g.bots[seat] ? h(`span.plate-bot${standsIn(g, seat) ? '.plate-stand-in' : ''}`, {}, t('table.bot')) : null),
  h('span.plate-points', {}, points(g, seat)),
  dealer || s.riichi ? h('span.plate-tags', {},
    dealer ? h('span.plate-dealer', {}, t('table.dealer')) : null,
    s.riichi ? h('span.plate-riichi', {}, t('table.riichi')) : null) : null,
  g.banks && g.banks[seat] !== null && g.banks[seat] !== undefined // a replay: the bank as it was
    ? h('span.plate-bank', { title: t('replay.bank_title') }, t('replay.bank', { s: (g.banks[seat] / 1000).toFixed(1) })) : null);
  if (onTurn && seat !== g.me && g.moveMs && !g.watching) {
    const bar = h('span.plate-clock-fill');
    bar.style.animationDuration = `${g.moveMs}ms`;
    plate.append(h('span.plate-clock', { 'aria-hidden': 'true' }, continueAnimation(bar, g.turnAt)));
  }
  return plate;
}
