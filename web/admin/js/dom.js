// dom.js — small helpers for building the admin pages (elements come from the client's
// /js/dom.js h()): a toast, the reason dialog that every change goes through, a pager, and a table.
import { h } from '/js/dom.js';
import { t } from './i18n.js';
import { ApiError } from '/js/api.js';

let toastTimer;
export function toast(text, kind = 'ok') {
  const box = document.getElementById('toast');
  box.textContent = text;
  box.className = `show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.className = ''; }, 4000);
}

/** the words for a failed call */
export function errorText(e) {
  if (e instanceof ApiError && e.status === 0) return t('error.network');
  return t('error.generic', { message: e.message });
}

/**
 * Ask for a reason (and, with extra, one more value) before a change, then run
 * act({reason, value}); its errors stay in the dialog (field problems next to the input).
 * Resolves with act's result, or null if cancelled.
 */
export function confirmAction({ title, text, ok, extra, act }) {
  const dialog = document.getElementById('confirm');
  const form = document.getElementById('confirm-form');
  const reason = document.getElementById('confirm-reason');
  const extraBox = document.getElementById('confirm-extra');
  const extraInput = document.getElementById('confirm-extra-input');
  const error = document.getElementById('confirm-error');
  document.getElementById('confirm-title').textContent = title;
  document.getElementById('confirm-text').textContent = text;
  document.getElementById('confirm-ok').textContent = ok;
  extraBox.hidden = !extra;
  if (extra) {
    document.getElementById('confirm-extra-label').textContent = extra.label;
    extraInput.value = extra.value ?? '';
  }
  reason.value = '';
  error.textContent = '';
  return new Promise((resolve) => {
    const finish = (result) => {
      form.removeEventListener('submit', submit);
      document.getElementById('confirm-cancel').removeEventListener('click', cancel);
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
      resolve(result);
    };
    const cancel = () => finish(null);
    const submit = async (ev) => {
      ev.preventDefault();
      if (!reason.value.trim()) {
        error.textContent = t('dialog.need_reason');
        reason.focus();
        return;
      }
      try {
        finish(await act({ reason: reason.value.trim(), value: extra ? extraInput.value.trim() : undefined }));
      } catch (e) {
        const fields = e instanceof ApiError ? Object.values(e.fields) : [];
        error.textContent = fields.length ? fields.join(' ') : errorText(e);
      }
    };
    form.addEventListener('submit', submit);
    document.getElementById('confirm-cancel').addEventListener('click', cancel);
    dialog.addEventListener('cancel', cancel);
    dialog.showModal();
    (extra ? extraInput : reason).focus();
  });
}

/** "Previous · Page 2 of 7 · Next" for total items at limit per page; go(page) reloads */
export function pager(page, limit, total, go) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return h('div', { class: 'pager' },
    h('button', { type: 'button', disabled: page <= 1, onclick: () => go(page - 1) }, t('pager.prev')),
    h('span', {}, t('pager.page', { page, pages })),
    h('button', { type: 'button', disabled: page >= pages, onclick: () => go(page + 1) }, t('pager.next')));
}

/** a table with a header row of column keys and rows of cells (arrays of nodes or text) */
export function table(columns, rows, attrs = {}) {
  return h('div', { class: 'table-scroll' }, h('table', attrs,
    h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col' }, t(c))))),
    h('tbody', {}, rows)));
}
