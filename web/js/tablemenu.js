// tablemenu.js — during a match the site header gives way to the table; this small menu button
// in the table's corner keeps the site's places and the language switch one tap away. Leaving
// the table does not leave the match: the clock plays for you until you come back (the menu
// says so).
import { h } from './dom.js';
import { t, getLang, setLang } from './i18n.js';

/** the menu button with its popup; the popup closes on a choice, Escape, or when the focus leaves it */
export function tableMenu() {
  const list = h('div.menu-list', { role: 'menu', hidden: true },
    h('p.menu-note', {}, t('menu.note')),
    h('a', { role: 'menuitem', href: '#/' }, t('nav.play')),
    h('a', { role: 'menuitem', href: '#/leaderboard' }, t('nav.leaderboard')),
    h('a', { role: 'menuitem', href: '#/rules' }, t('nav.rules')),
    h('a', { role: 'menuitem', href: '#/about' }, t('nav.about')),
    h('button', { type: 'button', role: 'menuitem', lang: getLang() === 'ja' ? 'en' : 'ja', onclick: () => setLang(getLang() === 'ja' ? 'en' : 'ja') },
      t('nav.switch_lang')));
  const button = h('button.menu-button', { type: 'button', 'aria-haspopup': 'menu', 'aria-expanded': 'false', 'aria-label': t('menu.open') },
    h('span.menu-icon', { 'aria-hidden': 'true' }));
  const box = h('div.table-menu', {}, button, list);
  function open(on) {
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
