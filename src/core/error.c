/* error.c — descriptions of the core's IPPON_E* error codes. */
#include "ippon/error.h"

const char *ippon_strerror(int err)
{
    switch (err) {
    case IPPON_OK: return "ok";
    case IPPON_EINVAL: return "malformed or out-of-range input";
    case IPPON_ERANGE: return "too many items, or too little room for them";
    case IPPON_EILLEGAL: return "against the rules";
    default: return "unknown error";
    }
}
