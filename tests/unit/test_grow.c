#include <stdlib.h>
#include "check.h"
#include "../../core/kernel/grow.h"

void test_grow(void)
{
    char *buf = NULL;
    size_t size = 0;
    /* The first growth takes the first size; enough room changes nothing. */
    CHECK(grow_bytes(&buf, &size, 10, 64));
    CHECK_EQ_INT(size, 64);
    char *was = buf;
    CHECK(grow_bytes(&buf, &size, 64, 64));
    CHECK(buf == was && size == 64);
    /* Past it, the size doubles until the need fits, and the bytes stay. */
    buf[63] = 'x';
    CHECK(grow_bytes(&buf, &size, 65, 64));
    CHECK_EQ_INT(size, 128);
    CHECK(buf[63] == 'x');
    CHECK(grow_bytes(&buf, &size, 1000, 64));
    CHECK_EQ_INT(size, 1024);
    free(buf);
}
