// rules.js — #/rules: the product's rules for players, drawn from rulebook.js (the sections, each
// mode's numbers, the clock, the yaku with their han closed and open, the yakuman in 4p and 3p)
// and ladder.js (the dan ladder's tiers and each mode's rank points per place),
// in the page's language. Every section has an id (`rules-<key>`) to link to, and a contents
// list at the top leads to them.
import { h, replace, number, signed } from './dom.js';
import { t, onLangChange, getLang } from './i18n.js';
import { SECTIONS, YAKU, YAKUMAN, MODES, MODE_ROWS, CLOCK } from './rulebook.js';
import { TIERS, BASES, RATING, tierName } from './ladder.js';

/** the numbers the texts quote ({move}, {start4}, …), formatted for the page */
function vars() {
  return { ...CLOCK, start4: number(MODES['4p'].start_points), start3: number(MODES['3p'].start_points),
    mu0: number(RATING.start), provisional: number(RATING.provisional) };
}

function hanCell(han) {
  return h('td.num', {}, han === null ? '–' : t('result.han', { n: han }));
}

function yakuTable() {
  return h('table.rules-table.yaku-table', {},
    h('thead', {}, h('tr', {}, h('th', {}, t('rules.col.yaku')), h('th.num', {}, t('rules.col.closed')), h('th.num', {}, t('rules.col.open')))),
    h('tbody', {}, YAKU.map((y) => h('tr', { dataset: { rule: y.rule, ids: y.ids.join(' ') } },
      h('th', { scope: 'row' }, y.label ? t(y.label) : y.ids.map((id) => t(`yaku.${id}`)).join(' / ')),
      hanCell(y.closed), hanCell(y.open)))));
}

function yakumanTable() {
  const count = (n) => h('td.num', {}, t('result.yakuman_short', { n }));
  return h('table.rules-table.yakuman-table', {},
    h('thead', {}, h('tr', {}, h('th', {}, t('rules.col.yakuman')), h('th.num', {}, t('mode.4p')), h('th.num', {}, t('mode.3p')))),
    h('tbody', {}, YAKUMAN.map((y) => h('tr', { dataset: { rule: y.rule, ids: y.id } },
      h('th', { scope: 'row' }, t(`yaku.${y.id}`)), count(y.p4), count(y.p3)))));
}

function modesTable() {
  return h('table.rules-table.modes-table', {},
    h('thead', {}, h('tr', {}, h('th', {}), h('th.num', {}, t('mode.4p')), h('th.num', {}, t('mode.3p')))),
    h('tbody', {}, MODE_ROWS.map(([key, field]) => h('tr', { dataset: { field } },
      h('th', { scope: 'row' }, t(key)), h('td.num', {}, number(MODES['4p'][field])), h('td.num', {}, number(MODES['3p'][field]))))));
}

function ladderTable() {
  const lang = getLang();
  return h('table.rules-table.ladder-table', {},
    h('thead', {}, h('tr', {}, h('th', {}, t('rules.col.tier')), h('th.num', {}, t('rules.col.promote')),
      h('th.num', {}, t('rules.col.start')), h('th.num', {}, t('rules.col.last')), h('th', {}, t('rules.col.demotes')))),
    h('tbody', {}, TIERS.map((tier) => h('tr', { dataset: { tier: tier.id } },
      h('th', { scope: 'row' }, tierName(tier, lang)),
      h('td.num', {}, tier.promote_at ? number(tier.promote_at) : '–'),
      h('td.num', {}, number(tier.start)),
      h('td.num', {}, signed(-tier.penalty)),
      h('td', {}, t(tier.demotes ? 'rules.ranks.demotes_yes' : 'rules.ranks.demotes_no'))))));
}

function basesTable() {
  const places = BASES['4p'].length;
  const cell = (mode, k) => {
    if (k >= BASES[mode].length) return h('td.num', {}, '');
    const base = BASES[mode][k];
    return h('td.num', {}, base === null ? t('rules.ranks.last_base') : signed(base));
  };
  return h('table.rules-table.bases-table', {},
    h('thead', {}, h('tr', {}, h('th', {}, t('rules.col.place')), h('th.num', {}, t('mode.4p')), h('th.num', {}, t('mode.3p')))),
    h('tbody', {}, Array.from({ length: places }, (_, k) => h('tr', { dataset: { place: k + 1 } },
      h('th', { scope: 'row' }, t('rules.ranks.place', { n: k + 1 })), cell('4p', k), cell('3p', k)))));
}

const TABLES = { yaku: yakuTable, yakuman: yakumanTable, modes: modesTable, ladder: ladderTable, bases: basesTable };

function sectionEl(s, v) {
  const items = (s.list || []).map((i, k) => {
    const text = t(`rules.${s.key}.li${i}`, v);
    return h('li', {}, s.links ? h('a', { href: s.links[k] }, text) : text);
  });
  return h('section.rules-section', { id: `rules-${s.key}`, dataset: { section: s.key } },
    h('h2', {}, t(`rules.${s.key}.title`)),
    s.paras.map((i) => h('p', {}, t(`rules.${s.key}.${i}`, v))),
    items.length ? h('ul', {}, items) : null,
    (s.tables || (s.table ? [s.table] : [])).map((name) => TABLES[name]()));
}

export function mountRules(root) {
  function render() {
    const v = vars();
    replace(root, h('div.rules-page', {},
      h('h1', {}, t('rules.title')),
      h('p.lead', {}, t('rules.lead', v)),
      h('nav.rules-toc', { 'aria-label': t('rules.toc') },
        h('ol', {}, SECTIONS.map((s) => h('li', {}, h('a', { href: `#/rules`, dataset: { to: `rules-${s.key}` },
          onclick: (ev) => { ev.preventDefault(); document.getElementById(`rules-${s.key}`).scrollIntoView(); } },
        t(`rules.${s.key}.title`)))))),
      SECTIONS.map((s) => sectionEl(s, v))));
  }
  const off = onLangChange(render);
  render();
  return off;
}
