// dialog.js — a modal dialog that takes the focus and keeps it: on opening, focus moves into
// the panel (its first button unless told otherwise); Tab and Shift+Tab cycle inside it; when
// it goes away the focus returns to where it was.
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** traps focus in `panel` (already in the document); returns release() */
export function trapFocus(panel, { initial = null } = {}) {
  const before = document.activeElement;
  const inside = () => [...panel.querySelectorAll(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
  function onKey(ev) {
    if (ev.key !== 'Tab') return;
    const list = inside();
    if (!list.length) {
      ev.preventDefault();
      return;
    }
    const first = list[0], last = list[list.length - 1];
    if (ev.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
      ev.preventDefault();
      last.focus();
    } else if (!ev.shiftKey && (document.activeElement === last || !panel.contains(document.activeElement))) {
      ev.preventDefault();
      first.focus();
    }
  }
  document.addEventListener('keydown', onKey, true);
  const target = (initial && panel.querySelector(initial)) || inside()[0] || panel;
  if (target === panel && !panel.hasAttribute('tabindex')) panel.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return function release() {
    document.removeEventListener('keydown', onKey, true);
    if (before && before.isConnected && typeof before.focus === 'function') before.focus({ preventScroll: true });
  };
}
