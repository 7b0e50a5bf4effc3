// magpie_harness.c -- times MAGPIE's move generation for bench/bench_scrabble.py.
// Compiled by that script inside a MAGPIE checkout (built with make magpie
// BUILD=release), against its objects; it is not part of dlxc.
// usage: mbench DATA_PATH LEXICON POSITIONS MODE [REPS] [WMP]
//   MODE best: the best move by score; all: every move; both print
//              "cpu_seconds positions moves".  dump: for each position "P i",
//              then every tile-placement move as "row col dir tiles score"
//              (tiles: . a board tile, upper case a tile, lower case a blank)
#include "src/def/board_defs.h"
#include "src/def/game_history_defs.h"
#include "src/def/letter_distribution_defs.h"
#include "src/def/move_defs.h"
#include "src/ent/equity.h"
#include "src/ent/game.h"
#include "src/ent/letter_distribution.h"
#include "src/ent/move.h"
#include "src/impl/cgp.h"
#include "src/impl/config.h"
#include "src/impl/move_gen.h"
#include "src/util/io_util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void run(Config *config, const char *cmd) {
  ErrorStack *es = error_stack_create();
  config_load_command(config, cmd, es);
  if (error_stack_is_empty(es)) config_execute_command(config, es);
  if (!error_stack_is_empty(es)) {
    error_stack_print_and_reset(es);
    fprintf(stderr, "command failed: %s\n", cmd);
    exit(1);
  }
  error_stack_destroy(es);
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: mbench DATA LEX POSITIONS MODE [REPS] [WMP]\n");
    return 2;
  }
  const char *mode = argv[4];
  int reps = argc > 5 ? atoi(argv[5]) : 1;
  const char *wmp = argc > 6 ? argv[6] : "false";
  ErrorStack *es = error_stack_create();
  ConfigArgs args = {.data_paths = argv[1], .settings_filename = "/dev/null", .use_wmp = strcmp(wmp, "true") == 0};
  Config *config = config_create(&args, es);
  if (!error_stack_is_empty(es)) { error_stack_print_and_reset(es); return 1; }
  char cmd[512];
  snprintf(cmd, sizeof cmd,
           "set -lex %s -s1 score -s2 score -wmp %s -threads 1 -savesettings false -numplays 1",
           argv[2], wmp);
  run(config, cmd);
  FILE *f = fopen(argv[3], "r");
  if (!f) { perror(argv[3]); return 1; }
  Game **games = NULL;
  int n = 0, cap = 0;
  char line[4096];
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    if (!line[0]) continue;
    if (n == 0) {
      char c2[4200];
      snprintf(c2, sizeof c2, "cgp %s", line);
      run(config, c2);
    }
    Game *g = config_get_game(config);
    game_load_cgp(g, line, es);
    if (!error_stack_is_empty(es)) { error_stack_print_and_reset(es); fprintf(stderr, "bad cgp %s\n", line); return 1; }
    if (n == cap) { cap = cap ? 2 * cap : 256; games = realloc(games, cap * sizeof *games); }
    games[n++] = game_duplicate(g);
  }
  fclose(f);
  int dump = strcmp(mode, "dump") == 0;
  int best = strcmp(mode, "best") == 0;
  MoveList *ml = move_list_create(best ? 1 : 100000);
  double t0 = cpu();
  long total = 0;
  const LetterDistribution *ld = game_get_ld(games[0]);
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < n; i++) {
      MoveGenArgs a = {
          .game = games[i],
          .move_list = ml,
          .move_record_type = best ? MOVE_RECORD_BEST : MOVE_RECORD_ALL,
          .move_sort_type = MOVE_SORT_SCORE,
          .override_kwg = NULL,
          .eq_margin_movegen = 0,
          .target_equity = EQUITY_MAX_VALUE,
          .target_leave_size_for_exchange_cutoff = UNSET_LEAVE_SIZE,
      };
      generate_moves(&a);
      int count = move_list_get_count(ml);
      total += count;
      if (dump) {
        printf("P %d\n", i);
        for (int k = 0; k < count; k++) {
          const Move *m = move_list_get_move(ml, k);
          if (move_get_type(m) != GAME_EVENT_TILE_PLACEMENT_MOVE) continue;
          char tiles[64];
          int len = move_get_tiles_length(m);
          for (int j = 0; j < len; j++) {
            MachineLetter ml2 = move_get_tile(m, j);
            if (ml2 == PLAYED_THROUGH_MARKER) tiles[j] = '.';
            else {
              int blank = get_is_blanked(ml2);
              int u = get_unblanked_machine_letter(ml2);
              tiles[j] = (char)((blank ? 'a' : 'A') + u - 1);
            }
          }
          tiles[len] = 0;
          printf("%d %d %d %s %d\n", move_get_row_start(m), move_get_col_start(m), move_get_dir(m),
                 tiles, equity_to_int(move_get_score(m)));
        }
      }
    }
  double t = cpu() - t0;
  (void)ld;
  if (!dump) printf("%.6f %d %ld\n", t, n * reps, total);
  return 0;
}
