/* svg: the charts of a report, drawn as inline SVG by hand (no script, no
 * library, nothing fetched): each chart is an <svg data-chart="..."> whose
 * marks carry their figures in data- attributes, so a test can read back
 * what was drawn. */
#ifndef REFEREE_SVG_H
#define REFEREE_SVG_H

#include <stdio.h>

/* Text for HTML and SVG: &, <, >, " escaped. */
void html_text(FILE *out, const char *s);

/* One bar per name: value in [0, 1] with its interval [lo, hi] as a
 * whisker, labelled with label[i]. */
void svg_bars(FILE *out, const char *chart, int n, const char *const *names, const double *value,
              const double *lo, const double *hi, const char *const *label);

/* An n x n heat map: share[r*n + c] in [0, 1] (negative: no cell), with
 * count[r*n + c] shown beside it. */
void svg_heat(FILE *out, const char *chart, int n, const char *const *names, const double *share,
              const double *count);

/* Lines: nseries series over npoints x values; y[s*npoints + p]. */
void svg_lines(FILE *out, const char *chart, const char *xlabel, int nseries,
               const char *const *names, int npoints, const double *x, const double *y);

#endif
