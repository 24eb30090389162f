/* auth_errors.c — the identities' error table (auth_errors.h) as rows, and their descriptions. */
#include "auth/auth_errors.h"

static const ippon_error_row auth_rows[] = { IPPON_AUTH_ERRNO_MAP(IPPON_ERROR_ROW) };

const ippon_error_row *ippon_auth_error_row(int status)
{
    return ippon_error_find(auth_rows, (int)(sizeof auth_rows / sizeof auth_rows[0]), status);
}

const char *ippon_auth_strerror(int status)
{
    const ippon_error_row *row = ippon_auth_error_row(status);
    return row ? row->text : status == IPPON_AUTH_OK ? "ok" : "unknown identity error";
}
