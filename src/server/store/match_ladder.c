/*
 * match_ladder.c — a bot-ladder match's set and rotation to and from JSON (match_ladder.h).
 */
#include "store/match_ladder.h"

#include <string.h>

json_t *ippon_match_ladder_json(const ippon_match_ladder *l)
{
    if (!l->set_id[0])
        return NULL;
    return json_pack("{s:s,s:i}", "set", l->set_id, "rotation", l->rotation);
}

int ippon_match_ladder_read(const json_t *v, int players, ippon_match_ladder *out)
{
    memset(out, 0, sizeof *out);
    if (!v)
        return 0;
    const char *set = json_string_value(json_object_get(v, "set"));
    const json_t *rotation = json_object_get(v, "rotation");
    if (!set || strlen(set) != sizeof out->set_id - 1 || strspn(set, "0123456789abcdef") != sizeof out->set_id - 1 ||
        !json_is_integer(rotation) || json_integer_value(rotation) < 0 || json_integer_value(rotation) >= players)
        return -1;
    memcpy(out->set_id, set, sizeof out->set_id);
    out->rotation = (int)json_integer_value(rotation);
    return 0;
}
