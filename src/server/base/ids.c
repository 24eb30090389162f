/*
 * ids.c — random 128-bit ids from libsodium (see ids.h).
 *
 * randombytes_buf draws from the kernel's CSPRNG (getrandom); sodium_bin2hex and
 * sodium_hex2bin do the hex in constant time, which matters once ids are also secrets
 * (session tokens).
 */
#include "base/ids.h"

#include <sodium.h>
#include <string.h>

int ippon_ids_init(void)
{
    return sodium_init() < 0 ? -1 : 0;
}

void ippon_id_generate(ippon_id *id)
{
    randombytes_buf(id->bytes, sizeof id->bytes);
}

void ippon_id_format(const ippon_id *id, char hex[IPPON_ID_HEX_LEN + 1])
{
    sodium_bin2hex(hex, IPPON_ID_HEX_LEN + 1, id->bytes, sizeof id->bytes);
}

int ippon_id_parse(ippon_id *id, const char *hex)
{
    size_t len = 0;
    const char *end = NULL;
    if (strlen(hex) != IPPON_ID_HEX_LEN)
        return -1;
    if (sodium_hex2bin(id->bytes, sizeof id->bytes, hex, IPPON_ID_HEX_LEN, NULL, &len, &end) != 0 ||
        len != sizeof id->bytes || *end != '\0')
        return -1;
    return 0;
}
