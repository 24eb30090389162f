/*
 * fuzz_notation.c — libFuzzer target for the short tile notation ("123m0p11z", ippon/tile.h).
 *
 * The input bytes are taken as a C string (cut at the first NUL) and parsed with
 * ippon_notation_parse. Whatever it accepts must survive a round trip: formatting the codes
 * with ippon_notation_format and parsing that text again gives the same codes. Also checked:
 * every code is in range, the formatted length is what the function returns, a buffer one
 * byte too small is refused with IPPON_ERANGE, and parsing with one slot too few is refused
 * with IPPON_ERANGE. Any violation calls abort(), which libFuzzer reports as a crash.
 * Run by ctest (label fuzz) for 20 s on the seeds in corpus/fuzz_notation/.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ippon/error.h"
#include "ippon/tile.h"

enum { CAP = 512 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *input)
{
    fprintf(stderr, "fuzz_notation: %s (input \"%s\")\n", what, input);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        return 0;
    memcpy(s, data, size);
    s[size] = '\0';

    ippon_code codes[CAP], again[CAP];
    int n = ippon_notation_parse(s, codes, CAP);
    if (n < 0) {
        if (n != IPPON_EINVAL && n != IPPON_ERANGE)
            fail("parse returned an unknown error", s);
        free(s);
        return 0;
    }
    if (n > CAP)
        fail("parse returned more codes than the cap", s);
    for (int i = 0; i < n; i++)
        if (codes[i] >= IPPON_CODES)
            fail("parse wrote a code out of range", s);

    /* one slot too few must be refused as a range error, not as a malformed string */
    if (n > 0) {
        ippon_code small[CAP];
        if (ippon_notation_parse(s, small, n - 1) != IPPON_ERANGE)
            fail("parse with one slot too few did not return IPPON_ERANGE", s);
    }

    char text[2 * CAP + 1];
    int len = ippon_notation_format(codes, n, text, sizeof text);
    if (len < 0)
        fail("format refused codes that parse produced", s);
    if ((size_t)len != strlen(text))
        fail("format returned a length other than the text's", s);
    if (n > 0 && len == 0)
        fail("format wrote nothing for a non-empty hand", s);

    /* exactly len + 1 bytes suffice; len bytes do not */
    char *exact = malloc((size_t)len + 1);
    if (exact) {
        if (ippon_notation_format(codes, n, exact, (size_t)len + 1) != len || strcmp(exact, text) != 0)
            fail("format into an exact-size buffer differs", s);
        if (ippon_notation_format(codes, n, exact, (size_t)len) != IPPON_ERANGE || exact[0] != '\0')
            fail("format into a buffer one byte short did not give IPPON_ERANGE and an empty string", s);
        free(exact);
    }

    int m = ippon_notation_parse(text, again, CAP);
    if (m != n || memcmp(codes, again, (size_t)n * sizeof codes[0]) != 0)
        fail("parse(format(parse(s))) differs from parse(s)", s);

    /* formatting is canonical: formatting the reparsed codes gives the same text */
    char text2[2 * CAP + 1];
    if (ippon_notation_format(again, m, text2, sizeof text2) != len || strcmp(text, text2) != 0)
        fail("format is not stable over a round trip", s);

    free(s);
    return 0;
}
