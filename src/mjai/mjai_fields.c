/*
 * mjai_fields.c — an mjai message's fields as both sides of src/mjai read them (mjai_fields.h).
 */
#include "mjai_fields.h"

#include <stdarg.h>
#include <stdio.h>

#include "ippon/error.h"
#include "ippon/tile.h"

bool mjai_refuse(mjai_reading *r, const char *fmt, ...)
{
    if (r->cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->error, r->cap, fmt, ap);
        va_end(ap);
    }
    return false;
}

int mjai_tile_code(const json_t *value, const uint8_t red_fives[3])
{
    const char *text = json_string_value(value);
    int code = text ? ippon_code_from_mjai(text) : IPPON_EINVAL;
    if (code < 0)
        return -1;
    if (ippon_code_is_red(code) && !red_fives[code - IPPON_RED_5M])
        code = ippon_code_kind(code);
    return code;
}

bool mjai_consumed(mjai_reading *r, int n, const uint8_t red_fives[3], int *codes)
{
    const json_t *list = json_object_get(r->msg, "consumed");
    if (!json_is_array(list) || json_array_size(list) != (size_t)n)
        return mjai_refuse(r, "consumed must list the %d tiles taken from the hand", n);
    for (int i = 0; i < n; i++)
        if ((codes[i] = mjai_tile_code(json_array_get(list, (size_t)i), red_fives)) < 0)
            return mjai_refuse(r, "a consumed tile is not a tile (\"1m\"…\"9s\", \"E\" \"S\" \"W\" \"N\" \"P\" \"F\" \"C\", \"5mr\")");
    return true;
}
