#include <stdlib.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "../../core/kernel/strfmt.h"

void test_strfmt(void)
{
    /* Made printable: C0 controls but newline and tab, DEL, and the two
     * bytes of a C1 control become '?'; other UTF-8 is left alone. */
    char text[] = "a\033[2Jb\a\rc\x7f" "d\xc2\x9b" "e\xc2\xa0" "f\n\tg";
    CHECK(strcmp(strfmt_printable(text), "a?[2Jb??c?d??e\xc2\xa0" "f\n\tg") == 0);
    /* and each byte that is not UTF-8 text becomes '?' too (Latin-1, a
     * cut sequence, an overlong form, a surrogate), which keeps the text
     * fit for JSON; whole sequences of 2, 3 and 4 bytes stay. */
    char bytes[] = "caf\xe9 \xc3\xa9 \xe2\x82 \xc0\xaf \xed\xa0\x80 \xe2\x82\xac \xf0\x9f\x82\xa1 \xc2";
    CHECK(strcmp(strfmt_printable(bytes),
                 "caf? \xc3\xa9 ?? ?? ??? \xe2\x82\xac \xf0\x9f\x82\xa1 ?") == 0);
    CHECK(strfmt_utf8(bytes, strlen(bytes)));
    CHECK(strfmt_utf8("", 0));
    const char *not_utf8[] = {"caf\xe9", "\xc3", "\x80", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xff"};
    for (size_t i = 0; i < sizeof not_utf8 / sizeof *not_utf8; i++)
        CHECK(!strfmt_utf8(not_utf8[i], strlen(not_utf8[i])));
    /* The length is what counts: a sequence cut by it is no UTF-8. */
    CHECK(!strfmt_utf8("\xc3\xa9", 1));
    CHECK(strfmt_printable(NULL) == NULL);
    /* Addresses, which differ from process to process, are said, not
     * given: Lua's names of tables and functions, %p; a hex word or a
     * short number stays. */
    char *said = strfmt_without_addresses(strdup("t: table: 0x55d0c8a4f2a0, f: function: builtin: "
                                                 "0x7f5008fc55d0 0x12345678;0xFEED 0xdeadbeef1x a0x12345678"));
    CHECK(said && strcmp(said, "t: table: (address), f: function: builtin: (address) (address);0xFEED "
                               "0xdeadbeef1x a0x12345678") == 0);
    free(said);
    CHECK(strfmt_without_addresses(NULL) == NULL);
    /* Shown (quoted back on one line): a copy, with newline and tab as '?'
     * too. */
    char shown[8];
    const char *typed = "a\n\tb\033";
    CHECK(strcmp(strfmt_shown(typed, shown, sizeof shown), "a??b?") == 0);
    CHECK(strcmp(typed, "a\n\tb\033") == 0);
    /* Cut to fit, where a character begins, and marked as cut. */
    CHECK(strcmp(strfmt_shown("abcdef\xc3\xa9", shown, sizeof shown), "abcd...") == 0);
    CHECK(strcmp(strfmt_shown("ab\xc3\xa9\xc3\xa9xyz", shown, sizeof shown), "ab\xc3\xa9...") == 0);
    CHECK(strcmp(strfmt_shown("abc\xc3\xa9\xc3\xa9xy", shown, sizeof shown), "abc...") == 0);
    CHECK(strcmp(strfmt_shown("abcdefg", shown, sizeof shown), "abcdefg") == 0);
    CHECK(strcmp(strfmt_shown(NULL, shown, sizeof shown), "") == 0);
    /* Found unfit: the same, with newline and tab too; a lone 0xC2 at the
     * end, or one before a printable character, is no control. */
    CHECK(!strfmt_has_control("plain text, caf\xc3\xa9 \xc2\xa0 and \xc2"));
    CHECK(!strfmt_has_control(""));
    CHECK(!strfmt_has_control(NULL));
    const char *unfit[] = {"\033", "a\tb", "a\nb", "\r", "x\x7f", "x\xc2\x80", "\xc2\x9fy", "\x01"};
    for (size_t i = 0; i < sizeof unfit / sizeof *unfit; i++)
        CHECK(strfmt_has_control(unfit[i]));
    /* Plain ASCII: space to '~' only. Each unfit byte is tried at every
     * place of a 20-byte text, in the words of eight and in the tail. */
    const char *plain = " !0123456789AZaz~{}|";
    CHECK(strfmt_plain_ascii(plain, strlen(plain)));
    CHECK(strfmt_plain_ascii("", 0));
    const unsigned char odd[] = {0x00, 0x01, 0x09, 0x0a, 0x1b, 0x1f, 0x7f, 0x80, 0x9b, 0xc3, 0xff};
    for (size_t i = 0; i < sizeof odd; i++)
        for (size_t at = 0; at < 20; at++) {
            char line[21];
            memcpy(line, plain, 21);
            line[at] = (char)odd[i];
            CHECK(!strfmt_plain_ascii(line, 20));
        }
    /* the length is what counts */
    CHECK(strfmt_plain_ascii("abc", 3));
    /* A bounded copy: whole when it fits, cut to fit else, always ended. */
    char out[6];
    memset(out, 'x', sizeof out);
    CHECK(strfmt_copy(out, sizeof out, "QS") == 2 && strcmp(out, "QS") == 0);
    CHECK(strfmt_copy(out, sizeof out, "12345") == 5 && strcmp(out, "12345") == 0);
    CHECK(strfmt_copy(out, sizeof out, "1234567") == 5 && strcmp(out, "12345") == 0);
    CHECK(strfmt_copy(out, sizeof out, "") == 0 && out[0] == '\0');
    CHECK(strfmt_copy(out, 1, "QS") == 0 && out[0] == '\0');
    /* An integer as "%lld" writes it, at the edges and in between. */
    const long long ints[] = {0, 7, -7, 10, -10, 99, 100, 1234567890123LL, -1000000000000000000LL,
                              LLONG_MAX, LLONG_MIN, LLONG_MIN + 1};
    for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) {
        char mine[STRFMT_INT_SIZE], libc[32];
        int n = snprintf(libc, sizeof libc, "%lld", ints[i]);
        CHECK(strfmt_int(mine, ints[i]) == (size_t)n && strcmp(mine, libc) == 0);
    }
}
