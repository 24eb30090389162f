/*
 * majiang_score.mjs — the reference point for bench_score: how long majiang-core 1.4.1
 * (the library behind the scoring oracle) takes to score one winning hand with Majiang.Util.hule.
 *
 *   node tests/bench/majiang_score.mjs HANDS.jsonl [SECONDS] [--check VERDICTS.jsonl]
 *
 * Reads hands in the oracle's input schema (the same files bench_score reads), turns each into
 * majiang's arguments — a Shoupai (from its string form "m123p456s789z11", melds after commas
 * such as "z555+" or "m4-35"), the ron tile with the discarder's direction ("m5=") and a
 * hule_param (winds, riichi, ippatsu, last tile, rinshan, chankan, tenhou, dora and ura
 * indicators, honba, sticks) — outside the timing, then calls Util.hule on every hand round
 * after round for about SECONDS seconds (default 3) and prints nanoseconds per hand (best and
 * median round). Set ratio = this figure / bench_score's figure.
 *
 * majiang knows only 4-player rules: sanma hands are scored with the nearest rule keys but
 * without kita or the 1m→9m dora, so time them for the ratio, not for their values.
 * --check compares majiang's han, fu, yakuman and total with the oracle's verdicts on the
 * 4-player wins without pao, to show that the conversion hands majiang the right hands.
 * Needs tests/node_modules (cd tests && npm ci). See tests/bench/README.md.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const Majiang = require('@kobalab/majiang-core');

const SUITS = 'mpsz';
const WINDS = { E: 0, S: 1, W: 2, N: 3 };

/* a tile of our schema ("5m" or 0–33) -> [suit letter, digit] */
function tile(t) {
    if (typeof t === 'number') return t < 27 ? [SUITS[Math.floor(t / 9)], t % 9 + 1] : ['z', t - 26];
    return [t[1], +t[0]];
}
const wind = w => (typeof w === 'string' ? WINDS[w] : w);
const majiangTile = t => { const [s, n] = tile(t); return s + n; };

/* majiang's direction mark of the player `from`, seen from `seat` (+ right, = across, - left) */
const direction = (from, seat) => '_+=-'[(wind(from) - wind(seat) + 4) % 4];

/* builds majiang's (shoupai, rongpai, param) for one hand of our schema */
function convert(h, rules) {
    const seat = wind(h.seat_wind);
    const red = [...(h.red || [0, 0, 0])];
    /* a plain five becomes a red one (digit 0) while the suit has red fives left to place */
    const digit = (s, n) => {
        const i = SUITS.indexOf(s);
        if (n === 5 && i < 3 && red[i] > 0) { red[i]--; return 0; }
        return n;
    };
    const groups = { m: [], p: [], s: [], z: [] };
    for (const t of h.hand) { const [s, n] = tile(t); groups[s].push(digit(s, n)); }
    let concealed = SUITS.split('').filter(s => groups[s].length).map(s => s + groups[s].join('')).join('');
    const [ws, wn] = tile(h.win);
    const winDigit = digit(ws, wn);
    if (h.tsumo) concealed += ws + winDigit; /* the drawn tile comes last, where Shoupai looks for it */

    const melds = (h.melds || []).map(m => {
        const [s] = tile(m.tiles[0]);
        const ds = m.tiles.map(t => digit(s, tile(t)[1]));
        const mark = m.from === undefined ? '' : direction(m.from, seat);
        switch (m.type) {
        case 'chi': {
            const called = m.called === undefined ? ds[0] : tile(m.called)[1];
            const i = Math.max(0, ds.findIndex(d => (d || 5) === called));
            return s + ds[i] + '-' + ds.filter((_, j) => j !== i).join('');
        }
        case 'pon': return s + ds.join('') + mark;
        case 'minkan': return s + ds.join('') + mark;
        case 'ankan': return s + ds.join('');
        case 'kakan': return s + ds.slice(0, 3).join('') + mark + ds[3];
        default: throw new Error(`unknown meld type ${m.type}`);
        }
    });
    const shoupai = Majiang.Shoupai.fromString([concealed, ...melds].join(','));
    const rongpai = h.tsumo ? null : ws + winDigit + direction(h.from, seat);
    const param = Majiang.Util.hule_param({
        rule: rules,
        zhuangfeng: wind(h.round_wind),
        menfeng: seat,
        lizhi: h.double_riichi ? 2 : h.riichi ? 1 : 0,
        yifa: !!h.ippatsu,
        qianggang: !!h.chankan,
        lingshang: !!h.rinshan,
        haidi: h.haitei ? 1 : h.houtei ? 2 : 0,
        tianhu: h.tenhou ? 1 : h.chiihou ? 2 : 0,
        baopai: (h.dora || []).map(majiangTile),
        fubaopai: h.riichi || h.double_riichi ? (h.ura || []).map(majiangTile) : null,
        changbang: h.honba || 0,
        lizhibang: h.riichi_sticks || 0,
    });
    return { id: String(h.id), shoupai, rongpai, param };
}

const RULES = {
    yonma: Majiang.rule({ '連風牌は2符': true, '数え役満あり': false, 'ダブル役満あり': false, '切り上げ満貫あり': true }),
    sanma: Majiang.rule({ '赤牌': { m: 0, p: 1, s: 1 }, '連風牌は2符': false, '数え役満あり': true,
                          'ダブル役満あり': true, '切り上げ満貫あり': false }),
};

function main() {
    const args = process.argv.slice(2);
    const ci = args.indexOf('--check');
    const checkFile = ci < 0 ? null : args.splice(ci, 2)[1];
    const [file, secondsArg] = args;
    if (!file) {
        console.error('usage: node majiang_score.mjs HANDS.jsonl [SECONDS] [--check VERDICTS.jsonl]');
        process.exit(2);
    }
    const seconds = +secondsArg > 0 ? +secondsArg : 3;
    const hands = readFileSync(file, 'utf8').split('\n').filter(l => l.trim()).map(l => JSON.parse(l));
    const inputs = hands.map(h => convert(h, RULES[h.rules || 'yonma'] || RULES.yonma));

    const scoreRound = () => {
        let acc = 0;
        const t0 = process.hrtime.bigint();
        for (const c of inputs) {
            const r = Majiang.Util.hule(c.shoupai, c.rongpai, c.param);
            if (r) acc += r.defen;
        }
        const t1 = process.hrtime.bigint();
        return { ns: Number(t1 - t0), acc };
    };

    scoreRound(); /* warm-up: lets the JIT compile the hot paths */
    const rounds = [];
    let spent = 0;
    while (spent < seconds * 1e9 || rounds.length < 3) {
        const { ns } = scoreRound();
        rounds.push(ns);
        spent += ns;
    }
    rounds.sort((a, b) => a - b);
    const n = inputs.length;
    console.log(`majiang_score: ${file}`);
    console.log(`  hands ${n}, rounds ${rounds.length}, ${rounds.length * n} hands scored in ${(spent / 1e9).toFixed(2)} s`);
    console.log(`  Majiang.Util.hule: ${(rounds[0] / n).toFixed(1)} ns per hand (best round), `
        + `${(rounds[rounds.length >> 1] / n).toFixed(1)} ns (median round)`);

    if (checkFile) {
        const oracle = new Map(readFileSync(checkFile, 'utf8').split('\n').filter(l => l.trim())
            .map(l => JSON.parse(l)).map(v => [String(v.id), v]));
        let checked = 0, same = 0;
        const differing = [];
        for (let i = 0; i < n; i++) {
            const h = hands[i], o = oracle.get(inputs[i].id);
            if ((h.rules || 'yonma') !== 'yonma' || !o || o.result !== 'win' || o.pao) continue;
            const r = Majiang.Util.hule(inputs[i].shoupai, inputs[i].rongpai, inputs[i].param);
            checked++;
            const ok = r && r.defen === o.total && (o.yakuman ? r.damanguan === o.yakuman
                : r.fanshu === o.han && r.fu === o.fu);
            if (ok) same++;
            else if (differing.length < 5) differing.push(inputs[i].id);
        }
        console.log(`  check: majiang equals the oracle (han, fu, yakuman, total) on ${same} of ${checked} `
            + `4-player wins without pao${differing.length ? `; first differing: ${differing.join(', ')}` : ''}`);
    }
}

main();
