/*
 * bots_json.c — a bot account's object in the REST replies (bots_json.h).
 */
#include "api/bots_json.h"

json_t *ippon_bot_json(const ippon_bot *b)
{
    return json_pack("{s:s,s:s,s:s,s:b,s:I,s:b,s:o,s:b,s:o}", "id", b->id, "name", b->name, "description",
                     b->description, "public", b->public_bot, "created_at", (json_int_t)b->created_at, "suspended",
                     b->suspended_at != 0, "suspend_reason",
                     b->suspended_at ? json_string(b->suspend_reason) : json_null(), "ladder_suspended",
                     b->ladder_suspended_at != 0, "ladder_reason",
                     b->ladder_suspended_at ? json_string(b->ladder_reason) : json_null());
}

int ippon_json_add_bot_about(ippon_store *st, const char *user_id, json_t *profile)
{
    ippon_bot b;
    char owner[IPPON_DISPLAY_NAME_MAX_BYTES + 1];
    bool deleted = false;
    int rc = ippon_store_bot_about(st, user_id, &b, owner, sizeof owner, &deleted);
    if (rc == IPPON_STORE_NOT_FOUND)
        return 0;
    if (rc != 0)
        return -1;
    return json_object_set_new(profile, "owner", json_pack("{s:s,s:s}", "id", b.owner_id, "display_name", owner)) ||
                   json_object_set_new(profile, "description", json_string(b.description))
               ? -1
               : 0;
}
