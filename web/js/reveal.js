// reveal.js — the hand's end told in order at the table: steps of elements (the yaku one by one
// with their han, then han/fu/limit, then the points) shown one after another, REVEAL_STEP_MS
// apart. A click or tap that is not on a button or link, any key, or the skip button shows
// everything at once; under prefers-reduced-motion everything is shown at once from the start.
export const REVEAL_STEP_MS = 420;

/**
 * hides every element of `steps` (a list of lists) in `panel` and shows them step by step;
 * onDone() when all are shown; returns { skip, stop, done } (stop: no more timers or listeners;
 * done(): everything is shown)
 */
export function revealSteps(panel, steps, { onDone = () => {} } = {}) {
  const all = steps.flat().filter(Boolean);
  let timer = null;
  let done = false;

  function finish() {
    if (done) return;
    done = true;
    clearTimeout(timer);
    for (const el of all) el.classList.remove('unrevealed');
    document.removeEventListener('keydown', onKey, true);
    panel.removeEventListener('click', onClick);
    onDone();
  }

  function onKey(ev) {
    if (ev.key === 'Tab' || ev.key === 'Shift' || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); ev.stopPropagation(); } // shows all, presses nothing
    finish();
  }

  function onClick(ev) {
    if (!ev.target.closest('button, a')) finish();
  }

  if (matchMedia('(prefers-reduced-motion: reduce)').matches || !all.length) {
    finish();
    return { skip: finish, stop: finish, done: () => done };
  }
  for (const el of all) el.classList.add('unrevealed');
  let next = 0;
  (function later() { // each step REVEAL_STEP_MS after the last one showed, however late that was
    timer = setTimeout(() => {
      for (const el of steps[next++].filter(Boolean)) {
        el.classList.remove('unrevealed');
        el.classList.add('revealed');
      }
      if (next === steps.length) finish();
      else later();
    }, REVEAL_STEP_MS);
  }());
  document.addEventListener('keydown', onKey, true);
  panel.addEventListener('click', onClick);
  return { skip: finish, stop: finish, done: () => done };
}
