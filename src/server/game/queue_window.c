/*
 * queue_window.c — the ranked queue's rating window (queue_window.h). The arithmetic is written
 * in the order QUEUE_TAKE's Lua writes it (cluster/coord.c): change one, change both.
 */
#include "game/queue_window.h"

double ippon_queue_window_width(const ippon_queue_window *w, int64_t waited_ms)
{
    double waited = waited_ms > 0 ? (double)waited_ms : 0.0;
    double width = w->start + w->per_second * (waited / (1000.0 * w->time_scale));
    return width > w->cap ? w->cap : width;
}

bool ippon_queue_window_fits(double lo, double hi, double width)
{
    return hi - lo <= width;
}
