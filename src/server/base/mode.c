/*
 * mode.c — the game modes (mode.h): one row per mode.
 */
#include "base/mode.h"

#include <string.h>

static const struct {
    const char *name;
    int players;
    const char *preset;
} modes[IPPON_MODES] = {
    [IPPON_MODE_4P] = {"4p", 4, "yonma"},
    [IPPON_MODE_3P] = {"3p", 3, "sanma"},
};

const char *ippon_mode_name(ippon_mode mode) { return modes[mode].name; }

int ippon_mode_parse(const char *name, ippon_mode *out)
{
    for (int m = 0; name && m < IPPON_MODES; m++)
        if (!strcmp(modes[m].name, name)) {
            *out = (ippon_mode)m;
            return 0;
        }
    return -1;
}

int ippon_mode_players(ippon_mode mode) { return modes[mode].players; }

ippon_mode ippon_mode_of_players(int players)
{
    return players == modes[IPPON_MODE_3P].players ? IPPON_MODE_3P : IPPON_MODE_4P;
}

const char *ippon_mode_preset(ippon_mode mode) { return modes[mode].preset; }
