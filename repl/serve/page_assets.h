/* page_assets: the page a seat or a watcher opens, built into the binary
 * from page.html, page.css and page.js (tools/embed.lua): served as they
 * are, nothing fetched from elsewhere. */
#ifndef REFEREE_PAGE_ASSETS_H
#define REFEREE_PAGE_ASSETS_H

#include <stddef.h>

extern const char PAGE_HTML[], PAGE_CSS[], PAGE_JS[];
extern const size_t PAGE_HTML_LEN, PAGE_CSS_LEN, PAGE_JS_LEN;

#endif
