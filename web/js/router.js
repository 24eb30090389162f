// router.js — hash routes (#/leaderboard, #/player/ID, …): each route is a pattern and a view
// function mount(root, params) that may return an unmount function, called on leaving.
const routes = [];
let current = null;
let root = null;

/** route('/player/:id', mount) */
export function route(pattern, mount) {
  const names = [];
  const re = new RegExp(`^${pattern.replace(/:(\w+)/g, (_, n) => { names.push(n); return '([^/]+)'; })}$`);
  routes.push({ re, names, mount });
}

export function currentPath() {
  return location.hash.replace(/^#/, '') || '/';
}

export function navigate(path) {
  if (currentPath() === path) render();
  else location.hash = `#${path}`;
}

function render() {
  const path = currentPath();
  if (current && current.unmount) current.unmount();
  current = null;
  for (const r of routes) {
    const m = r.re.exec(path);
    if (!m) continue;
    const params = {};
    r.names.forEach((n, i) => { params[n] = decodeURIComponent(m[i + 1]); });
    root.replaceChildren();
    root.dataset.route = r.re.source;
    current = { unmount: r.mount(root, params) };
    document.dispatchEvent(new CustomEvent('routechange', { detail: { path } }));
    return;
  }
  navigate('/');
}

/** starts routing into `el` */
export function startRouter(el) {
  root = el;
  window.addEventListener('hashchange', render);
  render();
}

/** re-renders the current route (after a language change) */
export function refresh() {
  render();
}
