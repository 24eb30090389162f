// dictionaries.mjs — the checks a pair of dictionaries must pass, shared by i18n.test.mjs (the
// client's web/js/lang/*.js) and admin_i18n.test.mjs (web/admin/js/strings.js). A text that
// depends on a count is stored as plural forms 'key.one', 'key.other' (see web/js/i18n.js):
// each language has exactly the forms of its Intl.PluralRules (English one and other, Japanese
// other only), both languages have the same plural keys and the same plain keys, and every text
// of a key — each plural form in each language — has the same {placeholders}.
import assert from 'node:assert/strict';

const FORM = /^(.+)\.(zero|one|two|few|many|other)$/;
const placeholders = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** a dictionary split into plain keys and plural keys: { plain: Set, plural: Map(base → [forms]) } */
function split(dict) {
  const plain = new Set(), plural = new Map();
  for (const key of Object.keys(dict)) {
    const m = FORM.exec(key);
    if (m) plural.set(m[1], [...(plural.get(m[1]) || []), m[2]]);
    else plain.add(key);
  }
  return { plain, plural };
}

/** the texts of `key` in dict: [text] for a plain key, every form's text for a plural key */
function texts(dict, key) {
  return key in dict ? [dict[key]] : Object.entries(dict).filter(([k]) => FORM.exec(k)?.[1] === key).map(([, v]) => v);
}

/** true when dict knows `key` as t() does: plain, or as plural forms */
export function knows(dict, key) {
  return key in dict || `${key}.other` in dict;
}

/** dicts: { en: {…}, ja: {…} }; fails on the first problem with the key and the language */
export function checkDictionaries(dicts) {
  const langs = Object.keys(dicts);
  const parts = Object.fromEntries(langs.map((lang) => [lang, split(dicts[lang])]));
  const [first, ...rest] = langs;
  for (const lang of rest) {
    assert.deepEqual([...parts[lang].plain].sort(), [...parts[first].plain].sort(), `${lang}: the same plain keys as ${first}`);
    assert.deepEqual([...parts[lang].plural.keys()].sort(), [...parts[first].plural.keys()].sort(),
      `${lang}: the same plural keys as ${first}`);
  }
  for (const lang of langs) {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.sort();
    for (const [base, forms] of parts[lang].plural) {
      assert.ok(!parts[lang].plain.has(base), `${lang}: ${base} is both a plain key and a plural key`);
      assert.deepEqual([...forms].sort(), categories, `${lang}: ${base} needs exactly the forms ${categories.join(', ')}`);
    }
  }
  const keys = [...parts[first].plain, ...parts[first].plural.keys()];
  for (const key of keys) {
    const expected = placeholders(texts(dicts[first], key)[0]);
    for (const lang of langs) {
      for (const text of texts(dicts[lang], key)) {
        assert.ok(text.trim(), `${lang}: ${key} is empty`);
        assert.deepEqual(placeholders(text), expected, `${lang}: ${key}: placeholders`);
      }
    }
  }
  return keys.length;
}
