/*
 * private_files.c — an empty file only its owner can read (private_files.h).
 */
#include "store/private_files.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

int ippon_private_file_create(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, IPPON_PRIVATE_FILE_MODE);
    if (fd < 0)
        return errno == EEXIST ? 1 : -1;
    close(fd);
    return 0;
}
