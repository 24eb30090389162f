/*
 * gen_output.h — what the build-time table generators (gen_*_tables.c) share: opening an
 * output file in the folder CMake names, and closing it with every write checked, so that a
 * full disk stops the build instead of leaving a truncated table behind.
 */
#ifndef IPPON_GEN_OUTPUT_H
#define IPPON_GEN_OUTPUT_H

#include <stdio.h>
#include <stdlib.h>

/* dir/name opened for writing; exits with the reason if it cannot be */
static inline FILE *gen_open_out(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(1);
    }
    return f;
}

/* closes f; exits if any write to it failed */
static inline void gen_close_out(FILE *f, const char *program)
{
    if (ferror(f) || fclose(f) != 0) {
        fprintf(stderr, "%s: write error\n", program);
        exit(1);
    }
}

#endif
