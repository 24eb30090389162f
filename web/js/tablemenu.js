// tablemenu.js — during a match the site header gives way to the table; this small menu button
// in the table's corner keeps the site's places and the language switch one tap away. Leaving
// the page does not leave the match: the clock plays for you until you come back (the menu says
// so). Only a practice table (not ranked, not private, not an event's, nobody else at it but bots) can be left
// for good: "Leave this table" asks first, in a dialog of the page, since it forfeits the match
// (PROTOCOL.md, "Leaving a practice table").
import { h, replace } from './dom.js';
import { t, getLang, setLang } from './i18n.js';
import { play, leaveTable } from './play.js';
import { trapFocus } from './dialog.js';

/** may the player leave this table (forfeiting it)? a running practice table only */
export function leavable(g) {
  return !!g && !g.ranked && !g.private && !g.event && !g.end && !g.closed && !g.gone && g.bots.filter((bot) => !bot).length === 1;
}

/** the confirm over the whole table (beside the table's other dialogs); its cancel (and Escape)
    keeps playing, the focus back on `back` */
function confirmLeave(back) {
  const panel = h('div.leave-confirm', { role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': 'leave-title', 'aria-describedby': 'leave-text' },
    h('h2#leave-title', {}, t('menu.leave_title')),
    h('p#leave-text', {}, t('menu.leave_text')),
    h('div.buttons', {},
      h('button.secondary', { type: 'button', dataset: { kind: 'cancel-leave' }, onclick: () => close(true) }, t('menu.leave_cancel')),
      h('button.primary.danger', { type: 'button', dataset: { kind: 'confirm-leave' }, onclick: () => { close(false); leaveTable(); } },
        t('menu.leave_confirm'))));
  const overlay = h('div.overlay.leave-overlay', {}, panel);
  overlay.addEventListener('keydown', (ev) => {
    if (ev.key !== 'Escape') return;
    ev.stopPropagation();
    close(true);
  });
  (back.closest('.table-page') || document.body).append(overlay);
  const release = trapFocus(panel, { initial: '[data-kind="cancel-leave"]' });
  function close(refocus) {
    release();
    overlay.remove();
    if (refocus) back.focus();
  }
}

/** the menu button with its popup; the popup closes on a choice, Escape, or when the focus leaves it */
export function tableMenu() {
  const list = h('div.menu-list', { role: 'menu', hidden: true });
  const button = h('button.menu-button', { type: 'button', 'aria-haspopup': 'menu', 'aria-expanded': 'false', 'aria-label': t('menu.open') },
    h('span.menu-icon', { 'aria-hidden': 'true' }));
  const box = h('div.table-menu', {}, button, list);
  function fill() { // what the menu offers depends on the table we sit at now
    const canLeave = leavable(play.game);
    replace(list,
      h('p.menu-note', {}, t(canLeave ? 'menu.note_practice' : 'menu.note')),
      h('a', { role: 'menuitem', href: '#/' }, t('nav.play')),
      h('a', { role: 'menuitem', href: '#/leaderboard' }, t('nav.leaderboard')),
      h('a', { role: 'menuitem', href: '#/rules' }, t('nav.rules')),
      h('a', { role: 'menuitem', href: '#/about' }, t('nav.about')),
      h('button', { type: 'button', role: 'menuitem', lang: getLang() === 'ja' ? 'en' : 'ja', onclick: () => setLang(getLang() === 'ja' ? 'en' : 'ja') },
        t('nav.switch_lang')),
      canLeave ? h('button.menu-leave', { type: 'button', role: 'menuitem', dataset: { kind: 'leave-table' }, onclick: () => confirmLeave(button) },
        t('menu.leave')) : null);
  }
  function open(on) {
    if (on) fill();
    list.hidden = !on;
    button.setAttribute('aria-expanded', String(on));
    if (on) list.querySelector('a, button').focus();
  }
  button.addEventListener('click', () => open(list.hidden));
  list.addEventListener('click', (ev) => { if (ev.target.closest('a, button')) open(false); });
  box.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape' && !list.hidden) { ev.stopPropagation(); open(false); button.focus(); }
  });
  box.addEventListener('focusout', (ev) => { if (!box.contains(ev.relatedTarget)) open(false); });
  return box;
}
