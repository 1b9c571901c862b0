#include "qr_text.h"

#include <qrencode.h>

/* The light margin a reader needs around the code, in modules. */
#define QUIET 2

/* Whether the module at x, y is light (the margin is). */
static int light(const QRcode *q, int x, int y)
{
    if (x < 0 || y < 0 || x >= q->width || y >= q->width)
        return 1;
    return !(q->data[y * q->width + x] & 1);
}

int qr_text_print(FILE *out, const char *text)
{
    QRcode *q = QRcode_encodeString(text, 0, QR_ECLEVEL_L, QR_MODE_8, 1);
    if (!q)
        return 0;
    /* Light modules in white on black, whatever the terminal's colours: a
     * camera reads dark modules on a light ground. */
    static const char *const HALVES[4] = {" ", "\u2584", "\u2580", "\u2588"};
    for (int y = -QUIET; y < q->width + QUIET; y += 2) {
        fputs("\033[40;97m", out);
        for (int x = -QUIET; x < q->width + QUIET; x++)
            fputs(HALVES[light(q, x, y) * 2 + light(q, x, y + 1)], out);
        fputs("\033[0m\n", out);
    }
    QRcode_free(q);
    return 1;
}
