// about.js — #/about: how a match works, the keyboard, and how the walls are made so that no one
// can choose them and anyone can check them (PROTOCOL.md, "Walls no one can choose"). On a touch
// screen the first line says "tap".
import { h, replace, TOUCH } from './dom.js';
import { t, onLangChange } from './i18n.js';

export function mountAbout(root) {
  function render() {
    replace(root, h('div.about-page', {},
      h('h1', {}, t('about.title')),
      h('h2', {}, t('lobby.how')), h('ol', {}, [1, 2, 3, 4].map((i) => h('li', {}, t(`lobby.how.${i}`)))),
      h('h2', {}, t('about.keys_title')), h('ul', {}, [1, 2, 3, 4, 5].map((i) => h('li', {}, t(`about.keys.${i}${i === 1 && TOUCH.matches ? '_tap' : ''}`)))),
      h('h2#fair', {}, t('about.fair_title')), h('p', {}, t('about.fair')),
      h('ol.fair-steps', {}, [1, 2, 3, 4].map((i) => h('li', {}, t(`about.fair.${i}`)))),
      h('p', {}, t('about.fair_check'))));
  }
  const off = onLangChange(render);
  render();
  return off;
}
