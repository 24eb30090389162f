// strings.js — every text of the admin area: each key with its English and its Japanese text
// side by side (so neither language can lack one), exported as one dictionary per language.
// {name} is filled in by t(). A text that depends on a count {n} is an object of its plural
// forms ({ one, other } in English, { other } in Japanese), flattened to 'key.one', 'key.other'
// for the client's t() to choose from.
const TEXTS = {
  title: ['Admin', '管理'],

  'site.title': ['ippon — admin', 'ippon — 管理'],

  'nav.label': ['Admin sections', '管理メニュー'],
  'nav.skip': ['Skip to content', '本文へ移動'],
  'nav.live': ['Live', 'ライブ'],
  'nav.users': ['Users', 'ユーザー'],
  'nav.matches': ['Matches', '対局'],
  'nav.settings': ['Settings', '設定'],
  'nav.pairs': ['Pairs', '同卓ペア'],
  'nav.audit': ['Audit log', '監査ログ'],

  signout: ['Sign out', 'ログアウト'],

  'signin.title': ['Administrator sign-in', '管理者ログイン'],
  'signin.lead': [
    'Sign in with an account that has the admin role (made on the server with: ippon admin create NAME).',
    '管理者権限のあるアカウントでログインしてください（サーバーで ippon admin create NAME で作成）。'],
  'signin.username': ['Username', 'ユーザー名'],
  'signin.password': ['Password', 'パスワード'],
  'signin.submit': ['Sign in', 'ログイン'],
  'signin.bad': ['Wrong username or password.', 'ユーザー名またはパスワードが違います。'],
  'signin.not_admin': ['This account is not an administrator.', 'このアカウントは管理者ではありません。'],
  'signin.limited': ['Too many failed attempts. Try again in {seconds} s.', '失敗が多すぎます。{seconds} 秒後にもう一度お試しください。'],

  'dialog.reason': ['Reason (kept in the audit log)', '理由（監査ログに残ります）'],
  'dialog.cancel': ['Cancel', 'キャンセル'],
  'dialog.need_reason': ['Please give a reason.', '理由を入力してください。'],

  'error.generic': ['Could not do this: {message}', '実行できませんでした: {message}'],
  'error.network': ['The server does not answer.', 'サーバーが応答しません。'],
  'error.session': ['Your session ended. Please sign in again.', 'セッションが切れました。もう一度ログインしてください。'],

  refresh: ['Refresh', '更新'],

  'live.title': ['Live', 'ライブ'],
  'live.connections': ['Connections', '接続数'],
  'live.online': ['Players online', 'オンラインのプレイヤー'],
  'live.tables': ['Running tables', '進行中の卓'],
  'live.maintenance': ['Maintenance mode: no new matches', 'メンテナンス中：新しい対局は始まりません'],
  'live.draining': ['Shutting down: no new matches', '停止処理中：新しい対局は始まりません'],
  'live.queues': ['Queues', '待ち行列'],
  'live.queue': ['{mode}: {size} waiting, longest {wait}', '{mode}：{size} 人待ち、最長 {wait}'],
  'live.waiting': ['{name} ({wait})', '{name}（{wait}）'],
  'live.no_tables': ['No table is running.', '進行中の卓はありません。'],
  'live.col.table': ['Table', '卓'],
  'live.col.mode': ['Mode', '形式'],
  'live.col.players': ['Players', 'プレイヤー'],
  'live.col.hand': ['Hand', '局'],
  'live.col.running': ['Running for', '経過時間'],
  'live.hand': ['Hand {hand}, honba {honba}, sticks {sticks}', '第 {hand} 局、{honba} 本場、供託 {sticks}'],
  'live.watch': ['Watch', '観戦'],
  'live.close': ['Close table', '卓を閉じる'],
  'live.offline': ['offline', '切断中'],
  'live.bot': ['bot', 'ボット'],
  'live.ranked': ['ranked', 'ランク戦'],

  'close.title': ['Close table {id}', '卓 {id} を閉じる'],
  'close.text': [
    'The match ends without a result; its players are told; nothing counts in the rankings.',
    '対局は結果なしで終了し、プレイヤーに通知されます。ランキングには反映されません。'],
  'close.ok': ['Close the table', '卓を閉じる'],
  'close.done': ['Table closed.', '卓を閉じました。'],

  'watch.title': ['Table {id}', '卓 {id}'],
  'watch.stop': ['Stop watching', '観戦をやめる'],
  'watch.gone': ['This table is no longer running.', 'この卓はもう進行していません。'],
  'watch.round': [
    { one: '{wind} round, honba {honba}, sticks {sticks}, {n} tile left',
      other: '{wind} round, honba {honba}, sticks {sticks}, {n} tiles left' },
    { other: '{wind}場 {honba} 本場 供託 {sticks} 残り {n} 枚' }],
  'watch.dora': ['Dora indicators', 'ドラ表示牌'],
  'watch.points': ['{points} points', '{points} 点'],
  'watch.riichi': ['riichi', '立直'],
  'watch.dealer': ['dealer', '親'],
  'watch.seat': ['Seat {n}', '{n}番席'],
  'watch.concealed': [{ one: '{n} concealed tile', other: '{n} concealed tiles' }, { other: '手牌 {n} 枚（非公開）' }],
  'watch.discards': ['Discards', '捨て牌'],
  'watch.melds': ['Melds', '副露'],

  'wind.0': ['East', '東'],
  'wind.1': ['South', '南'],
  'wind.2': ['West', '西'],
  'wind.3': ['North', '北'],

  'users.title': ['Users', 'ユーザー'],
  'users.search': ['Name, username or id', '表示名・ユーザー名・ID'],
  'users.banned_only': ['Banned only', 'BAN 中のみ'],
  'users.find': ['Search', '検索'],
  'users.none': ['No user matches.', '該当するユーザーはいません。'],
  'users.col.name': ['Display name', '表示名'],
  'users.col.username': ['Username', 'ユーザー名'],
  'users.col.seen': ['Last seen', '最終アクセス'],
  'users.col.state': ['State', '状態'],
  'users.guest': ['guest', 'ゲスト'],
  'users.admin': ['admin', '管理者'],
  'users.online': ['online', 'オンライン'],
  'users.banned': ['banned: {reason}', 'BAN：{reason}'],
  'users.ban': ['Ban', 'BAN'],
  'users.unban': ['Unban', 'BAN 解除'],
  'users.rename': ['Rename', '名前を変更'],

  'ban.title': ['Ban {name}', '{name} を BAN'],
  'ban.text': [
    'They cannot sign in, play or queue, and their open connections close.',
    'ログイン・対局・待ち行列への参加ができなくなり、接続は切断されます。'],
  'ban.ok': ['Ban', 'BAN する'],
  'ban.done': ['{name} is banned.', '{name} を BAN しました。'],

  'unban.title': ['Unban {name}', '{name} の BAN を解除'],
  'unban.text': ['They can sign in and play again.', '再びログインして対局できるようになります。'],
  'unban.ok': ['Unban', 'BAN を解除'],
  'unban.done': ['{name} is no longer banned.', '{name} の BAN を解除しました。'],

  'rename.title': ['Rename {name}', '{name} の名前を変更'],
  'rename.text': [
    'The new name shows everywhere at once; finished matches keep the old one.',
    '新しい名前はすぐに反映されます。終わった対局には元の名前が残ります。'],
  'rename.name': ['New display name', '新しい表示名'],
  'rename.ok': ['Rename', '変更する'],
  'rename.done': ['Renamed to {name}.', '{name} に変更しました。'],

  'matches.title': ['Matches', '対局'],
  'matches.none': ['No stored match.', '保存された対局はありません。'],
  'matches.col.ended': ['Ended', '終了'],
  'matches.col.mode': ['Mode', '形式'],
  'matches.col.players': ['Players (result)', 'プレイヤー（結果）'],
  'matches.col.state': ['State', '状態'],
  'matches.ranked': ['ranked', 'ランク戦'],
  'matches.practice': ['not ranked', 'ランク外'],
  'matches.unfinished': ['no result', '結果なし'],
  'matches.voided': ['void', '無効'],
  'matches.void': ['Void', '無効にする'],

  'void.title': ['Void match {id}', '対局 {id} を無効にする'],
  'void.text': ['It leaves the leaderboard and the profiles; its record stays.', 'ランキングとプロフィールから外れます。記録は残ります。'],
  'void.ok': ['Void the match', '無効にする'],
  'void.done': ['Match voided.', '対局を無効にしました。'],

  'settings.title': ['Settings', '設定'],
  'settings.lead': [
    'Stored in the database and applied at once: clocks and ranking from the next match on.',
    'データベースに保存され、すぐに反映されます（持ち時間とランク条件は次の対局から）。'],
  'settings.default': ['configuration: {value}', '設定ファイルの値：{value}'],
  'settings.changed': ['set by an administrator {when}', '管理者が変更（{when}）'],
  'settings.save': ['Save changes', '変更を保存'],
  'settings.saved': ['Settings saved.', '設定を保存しました。'],
  'settings.nothing': ['Nothing changed.', '変更はありません。'],
  'settings.clock_move_ms': ['Time per decision (ms)', '1 手の持ち時間（ミリ秒）'],
  'settings.clock_bank_ms': ['Time bank per match (ms)', '対局ごとの考慮時間（ミリ秒）'],
  'settings.clock_refill_ms': ['Bank refill after a draw (ms)', '流局後の考慮時間の追加（ミリ秒）'],
  'settings.bot_fill_after': ['Bots fill a queued table after (s)', 'ボットが空席を埋めるまでの待ち時間（秒）'],
  'settings.bot_delay_ms': ['Bot thinking time (ms)', 'ボットの思考時間（ミリ秒）'],
  'settings.spectate_delay_s': ['Spectators\' delay (s): what they see is this old', '観戦の遅延（秒）：観戦者にはこれだけ遅れて表示'],
  'settings.ranked_min_humans': ['Humans needed for a ranked match', 'ランク戦に必要な人間の人数'],
  'settings.registration_open': ['Registration open', '新規登録を受け付ける'],
  'settings.maintenance': ['Maintenance mode (no new matches; running ones finish)', 'メンテナンスモード（新しい対局なし、進行中の対局は続行）'],

  'pairs.title': ['Players who often meet at ranked tables', 'ランク戦でよく同卓するプレイヤー'],
  'pairs.lead': ['Two people at one table can feed each other points. Each pair below played counted games together; look at how the points moved between them (a ron on the other\'s discard) and at their results, then check their matches.',
    '同卓した二人は互いに点を渡し合うことができます。下のペアはランク戦で同卓した組み合わせです。二人の間の点の動き（相手の捨て牌でのロン）と成績を見て、対局を確認してください。'],
  'pairs.window': ['Games of the', '対象期間'],
  'pairs.days': [{ one: 'last {n} day', other: 'last {n} days' }, { other: '直近{n}日' }],
  'pairs.min_games': ['At least this many games together', '同卓回数の下限'],
  'pairs.none': ['No pair has met that often.', 'その回数以上同卓したペアはありません。'],
  'pairs.col.games': ['Games together', '同卓回数'],
  'pairs.col.player': ['Player', 'プレイヤー'],
  'pairs.col.total': ['Result in them', 'その対局での成績'],
  'pairs.col.won_from': ['Rons on the other', '相手からのロン'],
  'pairs.col.last': ['Last met', '最後の同卓'],

  'audit.title': ['Audit log', '監査ログ'],
  'audit.all': ['All actions', 'すべての操作'],
  'audit.none': ['Nothing yet.', 'まだ記録はありません。'],
  'audit.col.when': ['When', '日時'],
  'audit.col.who': ['Who', '実行者'],
  'audit.col.action': ['Action', '操作'],
  'audit.col.target': ['Target', '対象'],
  'audit.col.reason': ['Reason', '理由'],
  'audit.col.detail': ['Detail', '詳細'],

  'action.ban': ['ban', 'BAN'],
  'action.unban': ['unban', 'BAN 解除'],
  'action.rename': ['rename', '名前変更'],
  'action.void_match': ['void match', '対局の無効化'],
  'action.close_table': ['close table', '卓を閉じる'],
  'action.settings': ['settings', '設定変更'],
  'action.login': ['admin sign-in', '管理者ログイン'],
  'action.login_failed': ['failed admin sign-in', '管理者ログイン失敗'],
  'action.admin_create': ['admin created', '管理者作成'],
  'action.admin_grant': ['admin role given', '管理者権限の付与'],
  'action.admin_revoke': ['admin role taken', '管理者権限の剥奪'],

  'pager.prev': ['Previous', '前へ'],
  'pager.next': ['Next', '次へ'],
  'pager.page': ['Page {page} of {pages}', '{page} / {pages} ページ'],

  'time.s': ['{n} s', '{n} 秒'],
  'time.m': ['{m} min {s} s', '{m} 分 {s} 秒'],
  'time.h': ['{h} h {m} min', '{h} 時間 {m} 分'],
};

const pick = (i) => Object.fromEntries(Object.entries(TEXTS).flatMap(([key, texts]) => (typeof texts[i] === 'string'
  ? [[key, texts[i]]] : Object.entries(texts[i]).map(([form, text]) => [`${key}.${form}`, text]))));

export const en = pick(0);
export const ja = pick(1);
