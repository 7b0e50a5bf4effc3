/* reader.h -- the fast path of dlxc's reader of Knuth's DLX format.
 *
 * dlxc_dlx_read() parses a whole file held in memory into the compact
 * arrays a Problem keeps (opt_start, opt_items, opt_colors) plus the item
 * and color names.  It takes only the plain case: UTF-8 text with LF, CRLF
 * or CR line ends (a UTF-8 byte-order mark allowed), every option valid.
 * Option costs ("|n" tokens in option lines, as Knuth's DLX5 reads them)
 * are read too, when every one is a decimal number and all of them add
 * up to less than 2^63.
 * Options without a primary item and primary items in no option, which
 * the Python reader warns about, are read and listed (dropped, unused,
 * with the lines of the first dropped options) for the caller to warn.
 * Anything else (an error to report with its file and line, bytes that
 * are not UTF-8, a NUL) makes it return DLXC_DLX_SLOW, and the caller
 * reads the file with the Python reader, which says exactly what is wrong.
 * So the fast path never has to phrase a message, and the two readers
 * cannot disagree about one.
 *
 * This header is also part of the cffi cdef (between the CDEF markers);
 * it comes after dlxc.h, whose status codes it uses.
 */
#ifndef DLXC_READER_H
#define DLXC_READER_H
#include <stdint.h>

/* CDEF-BEGIN */
typedef struct {
    int32_t n_primary; /* items 0 .. n_primary-1 are primary */
    int32_t n_items;   /* primary and secondary items */
    int32_t n_colors;  /* colors 1 .. n_colors (0 is no color) */
    int32_t n_options;
    int64_t n_nodes; /* opt_start[n_options] */
    char *names;     /* the item names, each ended by '\n' */
    int64_t names_len;
    char *colors; /* the colors 1 .. n_colors, each ended by '\n' */
    int64_t colors_len;
    int32_t *opt_start;  /* n_options + 1 offsets */
    int32_t *opt_items;  /* n_nodes items, 0-based */
    int32_t *opt_colors; /* n_nodes colors, 0 = none */
    /* what the Python reader warns about, for the caller to word: */
    int32_t n_dropped;        /* options without a primary item */
    int32_t *dropped;         /* their numbers (n_dropped of them) */
    int64_t dropped_lines[3]; /* the lines of the first three (1-based) */
    int32_t n_unused;         /* primary items in no option */
    int32_t *unused;          /* their numbers (n_unused of them) */
    /* option costs, as Knuth's DLX5 reads them ("|n" tokens after an
     * option's first item, added up): n_options of them, or NULL when
     * the file has no cost token */
    int64_t *opt_costs;
    /* multiplicities: u and v of each primary item in turn (u:v|name in
     * the items line), or NULL when every item is 1:1 */
    int32_t *bounds;
} dlxc_dlx;

#define DLXC_DLX_SLOW 3 /* the input needs the Python reader */

/* Parse text[0..len).  Returns DLXC_DONE with *out set (free it with
 * dlxc_dlx_free), DLXC_DLX_SLOW, DLXC_ENOMEM or DLXC_ETOOBIG.  With notes
 * 0, what the Python reader warns about is DLXC_DLX_SLOW too, found as
 * soon as it can be (for callers that cannot give the warnings). */
int dlxc_dlx_read(const char *text, int64_t len, int notes, dlxc_dlx **out);
void dlxc_dlx_free(dlxc_dlx *d);
/* free one of the arrays of a dlxc_dlx once it is copied (the caller then
 * sets that field to NULL), so that the copies need not double the peak */
void dlxc_dlx_free_array(int32_t *array);

/* The options a search uses: those of (start, items, colors) but the
 * n_drop options numbered in drop[] (increasing), copied to out_start
 * (n_options - n_drop + 1 offsets), out_items and out_colors, with each
 * kept option's number in out_ids.  With out_start NULL it only returns
 * the number of nodes the kept options have (the size of out_items). */
int64_t dlxc_keep_options(int32_t n_options, const int32_t *start, const int32_t *items,
                          const int32_t *colors, const int32_t *drop, int32_t n_drop,
                          int32_t *out_start, int32_t *out_items, int32_t *out_colors,
                          int32_t *out_ids);
/* CDEF-END */

#endif
