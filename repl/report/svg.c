#include "svg.h"

#include <math.h>
#include <string.h>

/* Eight colours that stay apart for most kinds of colour blindness (Okabe-Ito). */
static const char *const COLOUR[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                     "#E69F00", "#56B4E9", "#F0E442", "#000000"};
#define COLOURS (sizeof COLOUR / sizeof *COLOUR)

void html_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
    }
}

/* How wide a text is drawn at a font size, generously (the page has no
 * way to measure before it is laid out): two thirds of the size a letter,
 * counted in UTF-8 characters. */
static int text_px(const char *s, int font_px)
{
    int letters = 0;
    for (; *s; s++)
        letters += ((unsigned char)*s & 0xC0) != 0x80;
    return (letters * font_px * 2 + 2) / 3;
}

/* The widest of n names at a font size, and at least least. */
static int widest_px(const char *const *names, int n, int font_px, int least)
{
    for (int i = 0; i < n; i++)
        if (text_px(names[i], font_px) > least)
            least = text_px(names[i], font_px);
    return least;
}

void svg_bars(FILE *out, const char *chart, int n, const char *const *names, const double *value,
              const double *lo, const double *hi, const char *const *label)
{
    /* Room on the left for the longest name, on the right for its label. */
    const int left = widest_px(names, n, 13, 164) + 16, width = 420, row = 28, top = 24;
    int h = top + n * row + 30;
    int w = left + width + 8 + widest_px(label, n, 12, 124) + 8;
    fprintf(out, "<svg data-chart=\"%s\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                 "role=\"img\">\n", chart, w, h, w, h);
    for (int t = 0; t <= 4; t++) {
        int x = left + width * t / 4;
        fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>"
                     "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%d%%</text>\n",
                x, top - 6, x, top + n * row, x, top + n * row + 16, 25 * t);
    }
    for (int i = 0; i < n; i++) {
        int y = top + i * row;
        fputs("<g class=\"bar\" data-name=\"", out);
        html_text(out, names[i]);
        fprintf(out, "\" data-value=\"%.4f\" data-low=\"%.4f\" data-high=\"%.4f\">", value[i], lo[i],
                hi[i]);
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"13\" text-anchor=\"end\">", left - 8,
                y + 17);
        html_text(out, names[i]);
        fprintf(out, "</text><rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>", left,
                y + 5, width * value[i], row - 10, COLOUR[i % COLOURS]);
        fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#222\" "
                     "stroke-width=\"2\"/>", left + width * lo[i], y + row / 2, left + width * hi[i],
                y + row / 2);
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"12\">", left + width + 8, y + 17);
        html_text(out, label[i]);
        fputs("</text></g>\n", out);
    }
    fputs("</svg>\n", out);
}

void svg_heat(FILE *out, const char *chart, int n, const char *const *names, const double *share,
              const double *count)
{
    /* Rows named on the left; columns above, turned 40 degrees up to the
     * right: the longest name decides how high the top and how far past
     * the last column the chart reaches. */
    const int cell = 84, name_px = widest_px(names, n, 12, 0);
    const int left = (name_px > 164 ? name_px : 164) + 16;
    const int top = (int)(name_px * 0.643) + 24 > 120 ? (int)(name_px * 0.643) + 24 : 120;
    int reach = cell / 2 + (int)(name_px * 0.766) + 12;
    int w = left + (n - 1) * cell + (reach > cell + 10 ? reach : cell + 10), h = top + n * cell + 10;
    fprintf(out, "<svg data-chart=\"%s\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                 "role=\"img\">\n", chart, w, h, w, h);
    for (int c = 0; c < n; c++) {
        fprintf(out, "<text transform=\"translate(%d,%d) rotate(-40)\" font-size=\"12\">",
                left + c * cell + cell / 2, top - 8);
        html_text(out, names[c]);
        fputs("</text>\n", out);
    }
    for (int r = 0; r < n; r++) {
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"end\">", left - 8,
                top + r * cell + cell / 2 + 4);
        html_text(out, names[r]);
        fputs("</text>\n", out);
        for (int c = 0; c < n; c++) {
            double s = share[r * n + c];
            int x = left + c * cell, y = top + r * cell;
            if (s < 0) {
                fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f4f4f4\"/>\n",
                        x, y, cell - 2, cell - 2);
                continue;
            }
            /* Blue where the row finished ahead more often, orange where less. */
            int red = s >= 0.5 ? (int)(255 - 255 * (s - 0.5) * 2) : 255;
            int green = s >= 0.5 ? (int)(255 - 141 * (s - 0.5) * 2) : (int)(255 - 161 * (0.5 - s) * 2);
            int blue = s >= 0.5 ? 255 : (int)(255 - 255 * (0.5 - s) * 2);
            fputs("<g class=\"cell\" data-row=\"", out);
            html_text(out, names[r]);
            fputs("\" data-col=\"", out);
            html_text(out, names[c]);
            fprintf(out, "\" data-share=\"%.4f\" data-count=\"%.0f\">", s, count[r * n + c]);
            fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"rgb(%d,%d,%d)\"/>",
                    x, y, cell - 2, cell - 2, red, green, blue);
            fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"14\" text-anchor=\"middle\">%.0f%%</text>",
                    x + cell / 2, y + cell / 2, 100 * s);
            fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">of %.0f</text>"
                         "</g>\n", x + cell / 2, y + cell / 2 + 15, count[r * n + c]);
        }
    }
    fputs("</svg>\n", out);
}

/* The step after step among 1, 2, 5, 10, 20, 50, ... */
static double next_nice(double step)
{
    double p = pow(10, floor(log10(step) + 1e-9)), m = step / p;
    return m < 1.5 ? 2 * p : m < 3 ? 5 * p : 10 * p;
}

void svg_lines(FILE *out, const char *chart, const char *xlabel, int nseries,
               const char *const *names, int npoints, const double *x, const double *y)
{
    const int left = 70, top = 20, width = 560, height = 260;
    double xmin = npoints ? x[0] : 0, xmax = npoints ? x[npoints - 1] : 1;
    double ymin = INFINITY, ymax = -INFINITY;
    for (int i = 0; i < nseries * npoints; i++) {
        ymin = fmin(ymin, y[i]);
        ymax = fmax(ymax, y[i]);
    }
    if (!(ymax > ymin)) { /* one value, or none: a band around it */
        ymin = isfinite(ymin) ? ymin - 1 : 0;
        ymax = ymin + 2;
    }
    /* Whole numbers (strikes, points) get whole ticks: four equal steps
     * of a whole size from a whole number. */
    int whole = 1;
    for (int i = 0; i < nseries * npoints && whole; i++)
        whole = y[i] == floor(y[i]);
    if (whole) {
        /* a step of 1, 2 or 5 times a power of ten, the least that spans them */
        double raw = fmax(1, (ymax - floor(ymin)) / 4), step = 1;
        while (step < raw)
            step = next_nice(step);
        while (floor(ymin / step) * step + 4 * step < ymax)
            step = next_nice(step);
        ymin = floor(ymin / step) * step;
        ymax = ymin + 4 * step;
    }
    if (!(xmax > xmin))
        xmax = xmin + 1;
    int w = left + width + 250, h = top + height + 40;
    fprintf(out, "<svg data-chart=\"%s\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                 "role=\"img\">\n", chart, w, h, w, h);
    if (ymin > 0) /* the axis does not start at zero: a break mark says so */
        fprintf(out, "<path class=\"axis-break\" d=\"M%d %d l6 -4 l-12 -4 l6 -4\" fill=\"none\" "
                     "stroke=\"#555\" stroke-width=\"2\"/>\n", left, top + height - 2);
    for (int t = 0; t <= 4; t++) {
        double v = ymin + (ymax - ymin) * t / 4;
        int py = top + height - height * t / 4;
        fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>"
                     "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">%.4g</text>\n",
                left, py, left + width, py, left - 6, py + 4, fabs(v) < 1e-9 ? 0 : v);
    }
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"11\">%.0f</text>"
                 "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">%.0f</text>"
                 "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">%s</text>\n",
            left, top + height + 16, xmin, left + width, top + height + 16, xmax,
            left + width / 2, top + height + 32, xlabel);
    for (int s = 0; s < nseries; s++) {
        fputs("<g class=\"series\" data-name=\"", out);
        html_text(out, names[s]);
        fprintf(out, "\" data-points=\"%d\" data-last=\"%.4g\"><polyline fill=\"none\" "
                     "stroke=\"%s\" stroke-width=\"2\" points=\"", npoints,
                npoints ? y[s * npoints + npoints - 1] : 0, COLOUR[s % COLOURS]);
        for (int p = 0; p < npoints; p++)
            fprintf(out, "%s%.1f,%.1f", p ? " " : "", left + width * (x[p] - xmin) / (xmax - xmin),
                    top + height - height * (y[s * npoints + p] - ymin) / (ymax - ymin));
        fprintf(out, "\"/><text x=\"%d\" y=\"%d\" font-size=\"12\" fill=\"%s\">", left + width + 10,
                top + 14 + 18 * s, COLOUR[s % COLOURS]);
        html_text(out, names[s]);
        fputs("</text></g>\n", out);
    }
    fputs("</svg>\n", out);
}
