/*
 * load_stats.h — figures of the load generator (ippon-load): latency samples and their
 * percentiles, and what /proc says about the server process (resident memory, CPU time).
 */
#ifndef IPPON_LOAD_STATS_H
#define IPPON_LOAD_STATS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* latency samples in microseconds, kept whole (a run of minutes makes a few million) */
typedef struct ippon_load_samples {
    uint32_t *us;
    size_t count, cap;
    uint64_t sum;
} ippon_load_samples;

/* adds one sample; a sample that does not fit in memory is dropped (returns -1) */
int ippon_load_samples_add(ippon_load_samples *s, uint64_t us);

/* sorts the samples; then ippon_load_samples_pct works */
void ippon_load_samples_sort(ippon_load_samples *s);

/* the p-th percentile (0..100, nearest rank) of sorted samples, in microseconds; 0 if none */
uint32_t ippon_load_samples_pct(const ippon_load_samples *s, double p);

/*
 * A "Vm…:" line of /proc/PID/status in KiB (field "VmRSS:" for resident memory, "VmHWM:"
 * for its peak); -1 if the process or the field is not there.
 */
long ippon_load_proc_kib(pid_t pid, const char *field);

/* the CPU time (user + system) the process has used, in seconds; -1 if unknown */
double ippon_load_proc_cpu_s(pid_t pid);

/* how many file descriptors the process has open (entries of /proc/PID/fd); -1 if unknown */
long ippon_load_proc_fds(pid_t pid);

#endif
