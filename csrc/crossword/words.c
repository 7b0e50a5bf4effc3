/* words.c -- status messages and the word-list parser of the crossword unit.
 *
 * A word list of 172,000 lines is read by Python as one bytes blob and
 * parsed here in one pass: letters become codes 0..25, a `;score` suffix an
 * integer, and repeats are found with an open-addressing hash table over the
 * codes (FNV-1a).  Non-ASCII blobs are left to the Python reader, which
 * handles any Unicode letter; on ASCII both give the same words, scores and
 * order.
 */
#include <stdlib.h>
#include <string.h>

#include "crossword.h"

const char *dlxc_xw_strerror(int code)
{
    switch (code) {
    case DLXC_XW_OK: return "ok";
    case DLXC_XW_FOUND: return "a fill was found";
    case DLXC_XW_EXHAUSTED: return "the search is complete";
    case DLXC_XW_BUDGET: return "the node budget is spent";
    case DLXC_XW_ENOMEM: return "out of memory";
    case DLXC_XW_EINVAL: return "malformed arguments";
    case DLXC_XW_ELETTER: return "a word holds a character that is not a letter";
    case DLXC_XW_ESCORE: return "the score after ';' is not an integer";
    case DLXC_XW_ENONASCII: return "the word list is not ASCII";
    default: return "unknown status";
    }
}

static int is_blank(uint8_t c) { return c == ' ' || c == '\t' || c == '\r'; }
static int is_letter(uint8_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static uint64_t hash_codes(const uint8_t *s, int32_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (int32_t i = 0; i < n; i++) {
        h ^= s[i];
        h *= 1099511628211ULL;
    }
    return h ^ (uint64_t)n;
}

int dlxc_xw_parse_words(const uint8_t *blob, int64_t len, int32_t default_score, uint8_t *codes,
                        int32_t *starts, int32_t *scores, int32_t *n_words, int32_t *n_repeats,
                        int64_t *bad_line)
{
    if (!blob && len) return DLXC_XW_EINVAL;
    int64_t lines = 1;
    for (int64_t i = 0; i < len; i++) {
        if (blob[i] >= 0x80) return DLXC_XW_ENONASCII;
        lines += blob[i] == '\n';
    }
    /* at most one word a line; the table is at most half full */
    int64_t max_words = lines + 1;
    int64_t size = 16;
    while (size < 2 * max_words) size *= 2;
    int32_t *table = malloc((size_t)size * sizeof *table);
    if (!table) return DLXC_XW_ENOMEM;
    memset(table, 0xff, (size_t)size * sizeof *table);
    int32_t nw = 0, reps = 0, used = 0;
    int64_t line = 0, i = 0;
    starts[0] = 0;
    while (i < len) {
        int64_t end = i;
        while (end < len && blob[end] != '\n') end++;
        line++;
        int64_t a = i, b = end;
        i = end + 1;
        while (a < b && is_blank(blob[a])) a++;
        while (b > a && is_blank(blob[b - 1])) b--;
        if (a == b || blob[a] == '#') continue;
        int32_t wstart = used;
        int64_t k = a;
        while (k < b && is_letter(blob[k])) {
            uint8_t c = blob[k++];
            codes[used++] = (uint8_t)((c | 0x20) - 'a');
        }
        int32_t score = default_score;
        int64_t tail = k;
        while (tail < b && is_blank(blob[tail])) tail++;
        if (tail < b && blob[tail] == ';') {
            tail++;
            while (tail < b && is_blank(blob[tail])) tail++;
            int neg = 0;
            if (tail < b && (blob[tail] == '-' || blob[tail] == '+')) neg = blob[tail++] == '-';
            if (tail == b || blob[tail] < '0' || blob[tail] > '9') {
                free(table);
                *bad_line = line;
                return DLXC_XW_ESCORE;
            }
            int64_t v = 0;
            while (tail < b && blob[tail] >= '0' && blob[tail] <= '9') {
                v = v * 10 + (blob[tail++] - '0');
                if (v > 1000000000) v = 1000000000;
            }
            while (tail < b && is_blank(blob[tail])) tail++;
            if (tail != b) {
                free(table);
                *bad_line = line;
                return DLXC_XW_ESCORE;
            }
            score = (int32_t)(neg ? -v : v);
        } else if (tail != b || k == a) {
            free(table);
            *bad_line = line;
            return DLXC_XW_ELETTER;
        }
        if (k == a) { /* ";5" with no word */
            free(table);
            *bad_line = line;
            return DLXC_XW_ELETTER;
        }
        int32_t wl = used - wstart;
        uint64_t h = hash_codes(codes + wstart, wl) & (uint64_t)(size - 1);
        int dup = 0;
        while (table[h] >= 0) {
            int32_t o = table[h];
            if (starts[o + 1] - starts[o] == wl &&
                memcmp(codes + starts[o], codes + wstart, (size_t)wl) == 0) {
                dup = 1;
                break;
            }
            h = (h + 1) & (uint64_t)(size - 1);
        }
        if (dup) {
            used = wstart;
            reps++;
            continue;
        }
        table[h] = nw;
        scores[nw] = score;
        starts[++nw] = used;
    }
    free(table);
    *n_words = nw;
    *n_repeats = reps;
    *bad_line = 0;
    return DLXC_XW_OK;
}
