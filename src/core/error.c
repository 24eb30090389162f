/* error.c — the core's error table (IPPON_CORE_ERRNO_MAP), and the look-up every family's uses. */
#include "ippon/error.h"

#include <stddef.h>

static const ippon_error_row core_rows[] = { IPPON_CORE_ERRNO_MAP(IPPON_ERROR_ROW) };

const ippon_error_row *ippon_error_find(const ippon_error_row *rows, int n, int code)
{
    for (int i = 0; i < n; i++)
        if (rows[i].code == code)
            return &rows[i];
    return NULL;
}

const ippon_error_row *ippon_error_row_of(int err)
{
    return ippon_error_find(core_rows, (int)(sizeof core_rows / sizeof core_rows[0]), err);
}

const char *ippon_strerror(int err)
{
    const ippon_error_row *row = ippon_error_row_of(err);
    return row ? row->text : err == IPPON_OK ? "ok" : "unknown error: not an IPPON_E* code";
}
