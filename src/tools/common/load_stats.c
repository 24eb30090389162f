/*
 * load_stats.c — latency samples and /proc readings of the load generator (load_stats.h).
 */
#include "load_stats.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int ippon_load_samples_add(ippon_load_samples *s, uint64_t us)
{
    if (s->count == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1 << 16;
        uint32_t *grown = realloc(s->us, cap * sizeof *grown);
        if (!grown)
            return -1;
        s->us = grown;
        s->cap = cap;
    }
    s->us[s->count++] = us > UINT32_MAX ? UINT32_MAX : (uint32_t)us;
    s->sum += us;
    return 0;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

void ippon_load_samples_sort(ippon_load_samples *s)
{
    if (s->count > 1)
        qsort(s->us, s->count, sizeof *s->us, cmp_u32);
}

uint32_t ippon_load_samples_pct(const ippon_load_samples *s, double p)
{
    if (!s->count)
        return 0;
    double rank = p / 100.0 * (double)s->count; /* nearest rank: the ceil(p% * n)-th sample */
    size_t k = (size_t)rank;
    if ((double)k < rank)
        k++;
    if (k < 1)
        k = 1;
    if (k > s->count)
        k = s->count;
    return s->us[k - 1];
}

long ippon_load_proc_kib(pid_t pid, const char *field)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    long kib = -1;
    size_t n = strlen(field);
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, field, n)) {
            kib = strtol(line + n, NULL, 10);
            break;
        }
    fclose(f);
    return kib;
}

double ippon_load_proc_cpu_s(pid_t pid)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    /* the command name may hold spaces and parentheses: fields count from the last ')' */
    const char *p = strrchr(buf, ')');
    if (!p)
        return -1;
    unsigned long utime = 0, stime = 0;
    /* after ")": state(3) ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime(14) stime(15) */
    if (sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2)
        return -1;
    long hz = sysconf(_SC_CLK_TCK);
    return (double)(utime + stime) / (double)(hz > 0 ? hz : 100);
}

long ippon_load_proc_fds(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/fd", (long)pid);
    DIR *d = opendir(path);
    if (!d)
        return -1;
    long n = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] != '.')
            n++;
    closedir(d);
    return n;
}
