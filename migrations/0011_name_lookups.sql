-- 0011_name_lookups.sql — names looked up as lower(name) (src/server/store/store_users.c,
-- store_admin.c): the store's SQL is shared with PostgreSQL (store/sql.h), whose text comparisons
-- are case-sensitive, so a login or a "name taken" check compares lower(username) = lower(?)
-- instead of relying on the columns' COLLATE NOCASE. These indexes on the same expressions keep
-- those lookups from scanning every user. The unique constraints of 0002 stay as they were.
CREATE INDEX users_username_lower ON users (lower(username));
CREATE INDEX users_display_name_lower ON users (lower(display_name));
