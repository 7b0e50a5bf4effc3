/* reader.h -- the fast path of dlxc's reader of Knuth's DLX format.
 *
 * dlxc_dlx_read() parses a whole file held in memory into the compact
 * arrays a Problem keeps (opt_start, opt_items, opt_colors) plus the item
 * and color names.  It takes only the plain case: ASCII text with LF, CRLF
 * or CR line ends (a UTF-8 byte-order mark allowed), every option valid,
 * every option with a primary item and every primary item in an option.
 * Anything else (an error to report with its file and line, a warning to
 * give, a non-ASCII byte) makes it return DLXC_DLX_SLOW, and the caller
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
} dlxc_dlx;

#define DLXC_DLX_SLOW 3 /* the input needs the Python reader */

/* Parse text[0..len).  Returns DLXC_DONE with *out set (free it with
 * dlxc_dlx_free), DLXC_DLX_SLOW, DLXC_ENOMEM or DLXC_ETOOBIG. */
int dlxc_dlx_read(const char *text, int64_t len, dlxc_dlx **out);
void dlxc_dlx_free(dlxc_dlx *d);
/* CDEF-END */

#endif
