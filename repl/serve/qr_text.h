/* qr_text: a link as a QR code drawn in the terminal (libqrencode), two
 * rows of modules to a line, for a phone's camera. */
#ifndef REFEREE_QR_TEXT_H
#define REFEREE_QR_TEXT_H

#include <stdio.h>

/* 0 when the text cannot be encoded (too long). */
int qr_text_print(FILE *out, const char *text);

#endif
