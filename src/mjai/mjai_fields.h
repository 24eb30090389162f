/*
 * mjai_fields.h — reading the fields of one mjai message the way both sides of src/mjai read them:
 * a refusal with its reason, a tile, a "consumed" list. Shared by the server side's answer reader
 * (mjai_answer.c: an AI's answer) and the AI's side (mjai_client.c: the server's messages).
 */
#ifndef IPPON_MJAI_FIELDS_H
#define IPPON_MJAI_FIELDS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct mjai_reading {
    const json_t *msg; /* the message read */
    char *error;       /* why it was refused (cap bytes; cap 0: not wanted) */
    size_t cap;
} mjai_reading;

/* writes why the message is refused into r->error; false */
bool mjai_refuse(mjai_reading *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* a tile's code from an mjai string, a red five read as the plain five under rules without that
   red five (red_fives as ippon_rules has them); -1 when it is not a tile */
int mjai_tile_code(const json_t *value, const uint8_t red_fives[3]);

/* "consumed": exactly n tiles, their codes in the order given; false (refused) otherwise */
bool mjai_consumed(mjai_reading *r, int n, const uint8_t red_fives[3], int *codes);

#endif
