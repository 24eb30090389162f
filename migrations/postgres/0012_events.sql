-- 0012_events.sql — PostgreSQL, the cluster's records: events (tournaments), as SQLite's
-- 0019_events.sql (read it for what each table and column means). Dialect: times are BIGINT.
CREATE TABLE events (
    id              TEXT PRIMARY KEY,
    name            TEXT NOT NULL,
    description     TEXT NOT NULL DEFAULT '',
    kind            TEXT NOT NULL CHECK (kind IN ('site', 'club')),
    organiser_id    TEXT NOT NULL REFERENCES users (id),
    mode            TEXT NOT NULL CHECK (mode IN ('4p', '3p')),
    rounds          INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 20),
    starts_at       BIGINT NOT NULL,
    checkin_minutes INTEGER NOT NULL DEFAULT 15,
    round_start     TEXT NOT NULL CHECK (round_start IN ('when_done', 'times')),
    round_times     TEXT NOT NULL DEFAULT '[]',
    break_minutes   INTEGER NOT NULL DEFAULT 2,
    seating         TEXT NOT NULL CHECK (seating IN ('random', 'swiss', 'min_repeat')),
    duplicate       INTEGER NOT NULL DEFAULT 0,
    entry           TEXT NOT NULL CHECK (entry IN ('open', 'code', 'list', 'min_dan', 'min_rating')),
    entry_code_hash TEXT,
    entry_list      TEXT NOT NULL DEFAULT '[]',
    entry_min       INTEGER NOT NULL DEFAULT 0,
    cap             INTEGER NOT NULL CHECK (cap BETWEEN 2 AND 512),
    clocks          TEXT NOT NULL CHECK (clocks IN ('standard', 'relaxed')),
    fill            TEXT NOT NULL CHECK (fill IN ('bots', 'byes')),
    stand_in        TEXT NOT NULL CHECK (stand_in IN ('counts', 'void')),
    spectators      INTEGER NOT NULL DEFAULT 1,
    watch_delay_s   INTEGER NOT NULL DEFAULT 0,
    recurrence      TEXT,
    status          TEXT NOT NULL CHECK (status IN ('registration', 'checkin', 'running', 'paused', 'finished',
                                                    'cancelled')),
    round           INTEGER NOT NULL DEFAULT 0,
    announcement    TEXT NOT NULL DEFAULT '',
    created_at      BIGINT NOT NULL
);
CREATE INDEX events_by_status ON events (status, starts_at);
CREATE INDEX events_by_organiser ON events (organiser_id, created_at);

CREATE TABLE event_entrants (
    event_id      TEXT NOT NULL REFERENCES events (id),
    user_id       TEXT NOT NULL REFERENCES users (id),
    number        INTEGER NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('registered', 'withdrawn', 'removed')),
    registered_at BIGINT NOT NULL,
    checked_in_at BIGINT,
    PRIMARY KEY (event_id, user_id),
    UNIQUE (event_id, number)
);
CREATE INDEX event_entrants_by_user ON event_entrants (user_id);

CREATE TABLE event_rounds (
    event_id     TEXT NOT NULL REFERENCES events (id),
    round        INTEGER NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('seated', 'playing', 'done')),
    starts_at    BIGINT NOT NULL,
    commitment   TEXT,
    secret       TEXT,
    first_dealer INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, round)
);

CREATE TABLE event_tables (
    event_id TEXT NOT NULL,
    round    INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    match_id TEXT,
    PRIMARY KEY (event_id, round, table_no),
    FOREIGN KEY (event_id, round) REFERENCES event_rounds (event_id, round)
);
CREATE TABLE event_seats (
    event_id TEXT NOT NULL,
    round    INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    user_id  TEXT REFERENCES users (id),
    stand_in INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, round, table_no, seat),
    FOREIGN KEY (event_id, round, table_no) REFERENCES event_tables (event_id, round, table_no)
);
CREATE TABLE event_byes (
    event_id TEXT NOT NULL,
    round    INTEGER NOT NULL,
    user_id  TEXT NOT NULL REFERENCES users (id),
    PRIMARY KEY (event_id, round, user_id)
);
