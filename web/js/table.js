// table.js — the table page (#/table), a full-window table: the board in the middle sized from
// the window, your hand along the bottom edge with your clock beside it, the name plates upright
// beside the seats (the across seat's by the board's far edge), on the left the menu, the round
// in words, the play aids and your waits, on the right the action bar (the wall's commitment is
// the match page's and the result's, not the table's); call-outs over the board (callouts.js),
// the draw panel over the board, then docked (drawpanel.js), and the match's end filling the
// window. Keyboard: 1–9 the buttons, Space pass
// (or discard the drawn tile), ←/→ choose a tile, Enter discard it, R riichi, Esc leave riichi
// choice. Phones held upright get the compact table (compact.js) in the full table's place.
import { h, replace, TOUCH } from './dom.js';
import { t, getLang, onLangChange } from './i18n.js';
import { play, onPlayChange, act, leaveGame, startPractice, joinQueue, reclaim, playRoomAgain } from './play.js';
import { boardEl, roundWords } from './board.js';
import { plateEl } from './plates.js';
import { handEl, handList, discardChoices, allowedTile, tenpaiOption } from './hand.js';
import { buttonsOf, actionBar } from './actions.js';
import { tableKey } from './tablekeys.js';
import { clockEl } from './clock.js';
import { drawEl, matchEndEl, revealResult } from './results.js';
import { drawPanel } from './drawpanel.js';
import { waitsEl } from './waits.js';
import { calloutLayer } from './callouts.js';
import { tableMenu } from './tablemenu.js';
import { compactTable } from './compact.js';
import { aids, setAid, onAidsChange, autoAction, AIDS } from './aids.js';
import { isMuted, setMuted, onMuteChange, play as sound } from './sound.js';
import { trapFocus } from './dialog.js';
import { navigate } from './router.js';

export const WIN_PAUSE_MS = 1500; // the call-out and the hand revealed, before the full-window result
export const AUTO_MS = 250;             // a play aid answers after this, so the player sees it happen
/** a phone held sideways (table.css): the play aids fold away behind one button */
const SIDEWAYS_PHONE = window.matchMedia('(max-height: 520px) and (orientation: landscape)');

export function mountTable(root) {
  const ui = { riichiMode: false, selected: -1, askSeq: null, autoSeq: null, pointed: null, overlayKey: null, release: null, ticked: -1 };
  const fx = calloutLayer();
  const boardSlot = h('div.board-slot');
  const drawSlot = h('div.draw-slot');
  const plates = [0, 1, 2, 3].map((pos) => h(`div.plate-slot.slot${pos}`));
  const boardWrap = h('div.board-wrap', {}, boardSlot, plates[2], fx.el, drawSlot); // the across plate by the board's far edge
  const clock = clockEl();
  const barWrap = h('div.bar-wrap');
  const handWrap = h('div.hand-wrap');
  const top = h('div.table-top', { 'aria-live': 'polite' });
  const words = h('p.round-words');
  const aidsBox = h('div.aids', { role: 'group' });
  const aidsSummary = h('summary.aids-summary');
  const aidsFold = h('details.aids-fold', { open: !SIDEWAYS_PHONE.matches }, aidsSummary, aidsBox);
  const foldAids = () => { aidsFold.open = !SIDEWAYS_PHONE.matches; };
  const waitsSlot = h('div.waits-slot');
  const overlayWrap = h('div.overlay-wrap');
  const menuSlot = h('div.menu-slot');
  const compact = compactTable();
  const page = h('div.table-page', {},
    h('div.tp-left', {}, h('div.tp-head', {}, menuSlot, top), words, plates[3], h('div.tp-foot', {}, plates[0], aidsFold, waitsSlot)),
    boardWrap,
    h('div.tp-right', {}, plates[1], h('div.controls', {}, barWrap)),
    h('div.hand-row', {}, clock, handWrap),
    overlayWrap,
    compact.el);
  root.append(page);
  document.body.classList.add('at-table');

  /** answers the ask with `action` */
  function answer(action) {
    ui.riichiMode = false;
    ui.selected = -1;
    ui.pointed = null;
    act(action);
  }

  function discard(item) {
    const g = play.game;
    if (!g || !g.ask) return;
    const choices = discardChoices(g.ask);
    if (!allowedTile(g, item, choices, ui.riichiMode)) return;
    const action = { type: ui.riichiMode ? 'riichi' : 'discard', tile: item.code };
    if (item.drawn) action.tsumogiri = true;
    answer(action);
  }

  function pick(button) {
    const g = play.game;
    if (!g || !g.ask) return;
    if (button.key === 'riichi') {
      ui.riichiMode = !ui.riichiMode;
      render();
      return;
    }
    answer(button.action);
  }

  function point(item) {
    ui.pointed = item;
    renderWaits(play.game);
  }

  function renderWaits(g) {
    if (!g) { replace(waitsSlot); return; }
    const option = ui.pointed && g.ask ? tenpaiOption(discardChoices(g.ask), ui.pointed, ui.riichiMode) : null;
    replace(waitsSlot, option ? waitsEl(g, { waits: option.waits, furiten: option.furiten }, ui.pointed.code) : waitsEl(g, g.tenpai));
  }

  /** what to do now, in words, under the buttons */
  function hintOf(g) {
    const tap = TOUCH.matches ? '_tap' : '';
    return g.ask
      ? (ui.riichiMode ? t(`table.hint_riichi${tap}`) : discardChoices(g.ask).codes.size ? t(`table.hint_discard${tap}`) : t('table.hint_call'))
      : g.started ? t('table.waiting') : t('table.starting');
  }

  function renderBar(g) {
    const buttons = buttonsOf(g.ask);
    replace(barWrap, actionBar(buttons, { riichiMode: ui.riichiMode, onPick: pick, seq: g.ask ? g.ask.seq : null }), h('p.hint', {}, hintOf(g)));
  }

  /** the connection, the table's kind and who watches, as badges */
  function topParts(g) {
    const parts = [];
    if (play.conn === 'down' || play.conn === 'connecting') parts.push(h('span.badge.warn', {}, t('conn.reconnecting')));
    if (play.replaced)
      parts.push(h('span.badge.warn', {}, t('notice.replaced')), h('button.secondary', { type: 'button', onclick: reclaim }, t('conn.play_here')));
    const kind = g.ranked ? 'ranked' : g.private ? 'private' : g.event ? 'event' : 'unranked';
    parts.push(h('span.badge', { dataset: { kind } }, t(`table.${kind}`)), h('span.badge', {}, t(`mode.${g.mode}`)));
    if (g.watchers > 0) parts.push(h('span.badge.watchers', { dataset: { watchers: String(g.watchers) } }, t('table.watchers', { n: g.watchers })));
    return parts;
  }

  function renderTop(g) {
    replace(top, topParts(g));
    replace(words, g.started ? h('span.round-line', {}, roundWords(g)) : null, g.started ? h('span.live-words', {}, t('table.live', { n: g.live ?? '–' })) : null);
  }

  function renderAids() {
    const on = aids();
    replace(aidsBox,
      AIDS.map((name) => h('button.aid', { type: 'button', 'aria-pressed': String(on[name]), dataset: { aid: name }, title: t(`aids.${name}.about`), onclick: () => setAid(name, !on[name]) },
        t(`aids.${name}`))),
      h('button.aid.sound', { type: 'button', 'aria-pressed': String(!isMuted()), dataset: { aid: 'sound' }, onclick: () => setMuted(!isMuted()) },
        t(isMuted() ? 'aids.sound_off' : 'aids.sound_on')));
    aidsBox.setAttribute('aria-label', t('aids.title'));
    aidsSummary.textContent = t('aids.title');
  }

  const draws = drawPanel(drawSlot, () => renderDraw(play.game));
  function renderDraw(g) {
    draws.update(g);
  }

  /** the compact table's draw panel: until the next hand starts or the player closes it */
  function compactDraw(g) {
    if (!g.drawResult || g.end || ui.drawClosed === g.drawResult) return null;
    return drawEl(g, g.drawResult.event, () => { ui.drawClosed = g.drawResult; render(); }, g.drawResult.sticks);
  }

  function closeOverlay() {
    if (ui.release) ui.release();
    ui.release = null;
    ui.overlayKey = null;
    replace(overlayWrap);
  }

  function renderOverlay(g) {
    const won = g.wins.length > 0;
    if (!(g.end || g.closed || g.gone || won)) { closeOverlay(); return; }
    const since = won ? Date.now() - g.wins[0].at : WIN_PAUSE_MS;
    if (since < WIN_PAUSE_MS && !g.closed) { // first the call-out at the winner's seat
      clearTimeout(ui.overlayTimer);
      ui.overlayTimer = setTimeout(render, WIN_PAUSE_MS - since + 20);
      return;
    }
    const offer = g.private && g.room && play.roomOffer && play.roomOffer.code === g.room.code ? play.roomOffer : null;
    const end = [g.table, !!g.end, !!g.closed, !!g.gone, g.wins.length].join('|');
    const key = `${end}|${getLang()}|${offer ? offer.code : ''}`;
    if (key === ui.overlayKey) return; // already shown: keep the focus where the player put it
    closeOverlay();
    ui.overlayKey = key;
    replace(overlayWrap, matchEndEl(g, {
      onLobby: () => { leaveGame(); navigate('/'); },
      onAgain: () => {
        if (g.private) { // the same friends in the same room (its host opens it again)
          const room = g.room;
          leaveGame();
          if (room) { playRoomAgain(room); navigate(`/room/${room.code}`); } else navigate('/');
          return;
        }
        const again = play.lastStart || { kind: g.ranked ? 'queue' : 'practice', mode: g.mode };
        leaveGame();
        if (again.kind === 'queue') { joinQueue(again.mode); navigate('/'); } else startPractice(again.mode);
      },
      onLeaderboard: () => { const mode = g.mode; leaveGame(); navigate(`/leaderboard/${mode}/all/1`); },
    }));
    if (offer) overlayWrap.querySelector('.match-end footer.buttons')?.before(
      h('p.rematch-offer', { role: 'status' }, t('result.offer', { name: offer.host.name })));
    const release = trapFocus(overlayWrap.querySelector('.match-end'), { initial: '[data-kind="again"]' });
    const stopReveal = revealResult(overlayWrap.firstChild, { told: ui.toldEnd === end }); // told once: in another language, at once
    ui.toldEnd = end;
    ui.release = () => { stopReveal(); release(); };
  }

  /** a play aid answers the ask for the player, a moment after it arrived */
  function runAids(g) {
    if (!g.ask || ui.autoSeq === g.ask.seq) return;
    ui.autoSeq = g.ask.seq;
    const action = autoAction(g.ask, g.drawn);
    if (!action) return;
    const seq = g.ask.seq;
    setTimeout(() => {
      const now = play.game;
      if (now && now.ask && now.ask.seq === seq) answer(action);
    }, AUTO_MS);
  }

  function render() {
    const g = play.game;
    page.classList.toggle('no-game', !g);
    if (!g) {
      replace(boardSlot, h('div.empty', {}, h('p', {}, t('table.none')), h('a.button', { href: '#/' }, t('result.lobby'))));
      for (const el of [barWrap, handWrap, drawSlot, top, words, waitsSlot, ...plates]) replace(el);
      closeOverlay();
      clock.update(null);
      compact.render(null);
      return;
    }
    if (!g.ask || g.ask.seq !== ui.askSeq) {
      if (g.ask && g.ask.seq !== ui.askSeq) sound('turn');
      ui.askSeq = g.ask ? g.ask.seq : null;
      ui.riichiMode = false;
      ui.pointed = null;
      if (!g.ask) ui.selected = -1;
    }
    page.classList.toggle('my-turn', !!g.ask);
    page.classList.toggle('p3', g.players === 3);
    replace(boardSlot, boardEl(g));
    for (let seat = 0; seat < g.players; seat++) {
      const plate = plateEl(g, seat);
      replace(plates[Number(plate.dataset.pos)], plate);
    }
    replace(handWrap, handEl(g, ui, { discard, point }));
    renderBar(g);
    renderTop(g);
    renderWaits(g);
    renderDraw(g);
    renderOverlay(g);
    fx.show(g);
    clock.update(g);
    renderCompact(g);
    runAids(g);
  }

  /** the compact table of a phone held upright, drawn from the same state and handlers */
  function renderCompact(g) {
    compact.render(g, { ui, on: { discard, point, pick }, hint: hintOf(g), top: topParts(g), draw: () => compactDraw(g) });
  }

  function onKey(ev) {
    const g = play.game;
    if (!g || !g.ask || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.target instanceof HTMLInputElement || ev.target.closest('.table-menu, .leave-overlay')) return;
    tableKey(ev, g, ui, {
      pick, discard,
      selected: () => {
        const item = handList(g)[ui.selected];
        ui.pointed = tenpaiOption(discardChoices(g.ask), item, ui.riichiMode) ? item : null;
        replace(handWrap, handEl(g, ui, { discard, point }));
        renderWaits(g);
        renderCompact(g);
      },
      riichiLeft: render,
    });
  }

  /** every 100 ms: the clocks; a tick each second while your bank runs */
  function tick() {
    const g = play.game;
    clock.update(g);
    compact.clock.update(g);
    if (g && g.ask && clock.classList.contains('urgent')) {
      const s = Math.floor(g.bankLeft / 1000);
      if (s !== ui.ticked) { ui.ticked = s; sound('tick'); }
    }
  }

  function relabel() {
    replace(menuSlot, tableMenu());
    renderAids();
    render();
  }

  const offPlay = onPlayChange((what) => { if (what !== 'queue') render(); });
  const offLang = onLangChange(relabel);
  const offAids = onAidsChange(() => { renderAids(); ui.autoSeq = null; render(); });
  const offMute = onMuteChange(renderAids);
  document.addEventListener('keydown', onKey);
  SIDEWAYS_PHONE.addEventListener('change', foldAids);
  const ticker = setInterval(tick, 100);
  relabel();
  return () => {
    offPlay();
    offLang();
    offAids();
    offMute();
    document.removeEventListener('keydown', onKey);
    SIDEWAYS_PHONE.removeEventListener('change', foldAids);
    clearInterval(ticker);
    clearTimeout(ui.overlayTimer);
    compact.stop();
    draws.stop();
    closeOverlay();
    document.body.classList.remove('at-table');
  };
}
