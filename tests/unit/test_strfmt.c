#include <string.h>
#include "check.h"
#include "../../core/strfmt.h"

void test_strfmt(void)
{
    /* Made printable: C0 controls but newline and tab, DEL, and the two
     * bytes of a C1 control become '?'; other UTF-8 is left alone. */
    char text[] = "a\033[2Jb\a\rc\x7f" "d\xc2\x9b" "e\xc2\xa0" "f\n\tg\xc2";
    CHECK(strcmp(strfmt_printable(text), "a?[2Jb??c?d??e\xc2\xa0" "f\n\tg\xc2") == 0);
    CHECK(strfmt_printable(NULL) == NULL);
    /* Found unfit: the same, with newline and tab too; a lone 0xC2 at the
     * end, or one before a printable character, is no control. */
    CHECK(!strfmt_has_control("plain text, caf\xc3\xa9 \xc2\xa0 and \xc2"));
    CHECK(!strfmt_has_control(""));
    CHECK(!strfmt_has_control(NULL));
    const char *unfit[] = {"\033", "a\tb", "a\nb", "\r", "x\x7f", "x\xc2\x80", "\xc2\x9fy", "\x01"};
    for (size_t i = 0; i < sizeof unfit / sizeof *unfit; i++)
        CHECK(strfmt_has_control(unfit[i]));
}
