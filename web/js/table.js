// table.js — the table page (#/table): the board, your hand (click a tile to discard it; the
// drawn tile stands apart), your melds and kita, the clock and the action bar, the results, and
// the keyboard: 1–9 the buttons, Space pass (or discard the drawn tile), ←/→ choose a tile,
// Enter discard it, R riichi, Esc leave riichi choice.
import { h, replace } from './dom.js';
import { tile, tileLabel } from './tiles.js';
import { t, onLangChange } from './i18n.js';
import { play, onPlayChange, act, dismissHandEnd, leaveGame, startPractice, joinQueue, reclaim } from './play.js';
import { boardEl, meldEl } from './board.js';
import { discardChoices, buttonsOf, actionBar } from './actions.js';
import { clockEl } from './clock.js';
import { drawEl, matchEndEl } from './results.js';
import { navigate } from './router.js';

const DRAW_SHOWN_MS = 8000; // a draw's result stays over the board this long (or until closed)

export function mountTable(root) {
  const ui = { riichiMode: false, selected: -1, askSeq: null, drawShownFor: null };
  const boardWrap = h('div.board-wrap');
  const clock = clockEl();
  const barWrap = h('div.bar-wrap');
  const handWrap = h('div.hand-wrap');
  const status = h('div.table-status', { 'aria-live': 'polite' });
  const info = h('div.table-info');
  const overlayWrap = h('div.overlay-wrap');
  root.append(h('div.table-page', {}, status, boardWrap, h('div.controls', {}, clock, barWrap), handWrap, info, overlayWrap));

  /** the tiles in the hand area, in order: [{ code, drawn }] */
  function handList(g) {
    const list = g.hand.map((code) => ({ code, drawn: false }));
    if (g.drawn) list.push({ code: g.drawn, drawn: true });
    return list;
  }

  function allowed(g, item, choices) {
    if (!g.ask) return false;
    const set = ui.riichiMode ? choices.riichi : choices.codes;
    if (!set.has(item.code)) return false;
    if (g.seats[g.me] && g.seats[g.me].riichi && !ui.riichiMode) return item.drawn; // in riichi: only the drawn tile
    return true;
  }

  function discard(item) {
    const g = play.game;
    if (!g || !g.ask) return;
    const choices = discardChoices(g.ask);
    if (!allowed(g, item, choices)) return;
    const action = { type: ui.riichiMode ? 'riichi' : 'discard', tile: item.code };
    if (item.drawn) action.tsumogiri = true;
    ui.riichiMode = false;
    ui.selected = -1;
    act(action);
  }

  function pick(button) {
    const g = play.game;
    if (!g || !g.ask) return;
    if (button.key === 'riichi') {
      ui.riichiMode = !ui.riichiMode;
      render();
      return;
    }
    ui.riichiMode = false;
    act(button.action);
  }

  function renderHand(g) {
    const choices = discardChoices(g.ask);
    const list = handList(g);
    const concealed = h('div.concealed', { role: 'group', 'aria-label': t('table.your_hand') });
    const drawnBox = h('div.drawn-box');
    list.forEach((item, i) => {
      const ok = allowed(g, item, choices);
      const cls = [ok ? 'ok' : '', ui.riichiMode && ok ? 'riichi-ok' : '', ui.selected === i ? 'selected' : ''].filter(Boolean).join(' ');
      const label = ok ? t(ui.riichiMode ? 'act.riichi_with' : 'act.discard_tile', { tile: tileLabel(item.code) }) : tileLabel(item.code);
      const btn = h('button.hand-tile', {
        type: 'button', class: `hand-tile ${cls}`, 'aria-label': label, 'aria-disabled': ok ? null : 'true',
        dataset: { tile: item.code, index: String(i), drawn: item.drawn ? 'true' : 'false' },
        onclick: () => discard(item),
      }, tile(item.code, 'hand', { label: false }));
      (item.drawn ? drawnBox : concealed).append(btn);
    });
    const s = g.seats[g.me];
    const melds = h('div.my-melds', {}, s ? s.melds.map((m) => meldEl(g, m, g.me, 'meld')) : []);
    const kita = s && s.kita.length ? h('div.my-kita', { 'aria-label': t('table.kita_count', { n: s.kita.length }) },
      h('span.kita-label', {}, t('table.kita')), s.kita.map((c) => tile(c, 'meld'))) : null;
    replace(handWrap, h(`div.my-hand${ui.riichiMode ? '.riichi-mode' : ''}`, {}, concealed, drawnBox, melds, kita));
  }

  function renderBar(g) {
    const buttons = buttonsOf(g.ask);
    const hint = g.ask
      ? (ui.riichiMode ? t('table.hint_riichi') : discardChoices(g.ask).codes.size ? t('table.hint_discard') : t('table.hint_call'))
      : g.started ? t('table.waiting') : t('table.starting');
    replace(barWrap, actionBar(buttons, { riichiMode: ui.riichiMode, onPick: pick, seq: g.ask ? g.ask.seq : null }), h('p.hint', {}, hint));
  }

  function renderStatus(g) {
    const parts = [];
    if (play.conn === 'down' || play.conn === 'connecting') parts.push(h('span.badge.warn', {}, t('conn.reconnecting')));
    if (play.replaced)
      parts.push(h('span.badge.warn', {}, t('notice.replaced')), h('button.secondary', { type: 'button', onclick: reclaim }, t('conn.play_here')));
    parts.push(h('span.badge', {}, g.ranked ? t('table.ranked') : t('table.unranked')), h('span.badge', {}, t(`mode.${g.mode}`)));
    replace(status, parts);
  }

  function renderInfo(g) {
    replace(info, g.commitment
      ? h('p.commitment', {}, h('span', {}, t('table.commitment')), ' ', h('code', { title: g.commitment }, `${g.commitment.slice(0, 16)}…`),
        ' ', h('a', { href: '#/about' }, t('table.commitment_what')))
      : null);
  }

  function renderOverlay(g) {
    if (g.end || g.closed || g.gone || (g.handEnd && g.handEnd.type === 'win')) { // the first win ends the match
      replace(overlayWrap, matchEndEl(g, {
        onLobby: () => { leaveGame(); navigate('/'); },
        onAgain: () => {
          const again = play.lastStart || { kind: g.ranked ? 'queue' : 'practice', mode: g.mode };
          leaveGame();
          if (again.kind === 'queue') { joinQueue(again.mode); navigate('/'); } else startPractice(again.mode);
        },
        onLeaderboard: () => { const mode = g.mode; leaveGame(); navigate(`/leaderboard/${mode}/all/1`); },
      }));
      return;
    }
    if (g.drawResult && Date.now() - g.drawResult.at < DRAW_SHOWN_MS) {
      replace(overlayWrap, drawEl(g, g.drawResult.event, () => dismissHandEnd()));
      clearTimeout(ui.drawTimer);
      ui.drawTimer = setTimeout(render, DRAW_SHOWN_MS - (Date.now() - g.drawResult.at) + 50);
      return;
    }
    replace(overlayWrap);
  }

  function render() {
    const g = play.game;
    if (!g) {
      replace(boardWrap, h('div.empty', {}, h('p', {}, t('table.none')), h('a.button', { href: '#/' }, t('result.lobby'))));
      replace(barWrap); replace(handWrap); replace(info); replace(overlayWrap); replace(status);
      clock.update(null);
      return;
    }
    if (!g.ask || g.ask.seq !== ui.askSeq) {
      ui.askSeq = g.ask ? g.ask.seq : null;
      ui.riichiMode = false;
      if (!g.ask) ui.selected = -1;
    }
    root.querySelector('.table-page').classList.toggle('my-turn', !!g.ask);
    replace(boardWrap, boardEl(g));
    renderHand(g);
    renderBar(g);
    renderStatus(g);
    renderInfo(g);
    renderOverlay(g);
    clock.update(g);
  }

  function selectable(g) {
    const choices = discardChoices(g.ask);
    return handList(g).map((item, i) => (allowed(g, item, choices) ? i : -1)).filter((i) => i >= 0);
  }

  function onKey(ev) {
    const g = play.game;
    if (!g || !g.ask || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.target instanceof HTMLInputElement) return;
    const buttons = buttonsOf(g.ask);
    const list = handList(g);
    if (/^[1-9]$/.test(ev.key)) {
      const b = buttons[Number(ev.key) - 1];
      if (b) { ev.preventDefault(); pick(b); }
    } else if (ev.key === ' ') {
      ev.preventDefault();
      const pass = buttons.find((b) => b.key === 'pass');
      if (pass) pick(pass);
      else if (g.drawn) discard(list[list.length - 1]);
    } else if (ev.key === 'ArrowLeft' || ev.key === 'ArrowRight') {
      ev.preventDefault();
      const ok = selectable(g);
      if (!ok.length) return;
      const at = ok.indexOf(ui.selected);
      const next = at < 0 ? (ev.key === 'ArrowLeft' ? ok.length - 1 : 0) : (at + (ev.key === 'ArrowLeft' ? -1 : 1) + ok.length) % ok.length;
      ui.selected = ok[next];
      renderHand(g);
    } else if (ev.key === 'Enter' && ui.selected >= 0 && list[ui.selected]) {
      ev.preventDefault();
      discard(list[ui.selected]);
    } else if (ev.key === 'r' || ev.key === 'R') {
      const b = buttons.find((x) => x.key === 'riichi');
      if (b) pick(b);
    } else if (ev.key === 'Escape' && ui.riichiMode) {
      ui.riichiMode = false;
      render();
    }
  }

  const offPlay = onPlayChange((what) => { if (what !== 'queue') render(); });
  const offLang = onLangChange(render);
  document.addEventListener('keydown', onKey);
  const ticker = setInterval(() => clock.update(play.game), 100);
  render();
  return () => {
    offPlay();
    offLang();
    document.removeEventListener('keydown', onKey);
    clearInterval(ticker);
    clearTimeout(ui.drawTimer);
  };
}
