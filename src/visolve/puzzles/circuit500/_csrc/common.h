/* circuit500 compiled search: constants and per-level tables shared by the
 * bound (bounds.h) and the search (../_fastsolve.c).
 *
 * Mirrors solver.py / solver_bound.py: a tile code is kind << 4 | arms with
 * kinds gap 0, empty 1, cross 2, corner 3, junction 4, start 5, end 6 and
 * arms U 1, R 2, D 4, L 8.  Cells are row * 4 + col, 6 rows of 4.  A walk
 * node is cell * 16 + the arm bit towards the previous cell. */
#ifndef C500_COMMON_H
#define C500_COMMON_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ROWS 6
#define COLS 4
#define NCELL 24
#define NNODE (NCELL * 16)
#define INF (1 << 20)
#define GAP_C 0
#define EMPTY_C 16
#define CROSS_C 47
#define K_CORNER 3
#define K_JUNCTION 4
#define K_START 5
#define K_END 6
/* levels with this many crosses or more do not count crosses outside FC in
 * counted_bound (solver_bound.UCAP) */
#define UCAP 4

typedef struct {
    /* rot[code][need]: quarter turns the tile needs to show every arm of
     * need (INF = never); rot_fixed: the same for a tile that cannot turn */
    int rot[128][16];
    int rot_fixed[128][16];
    int paid[128];            /* 1 for corner, junction, start, end */
    int nb_n[NCELL];          /* number of in-board neighbours */
    int nb_bit[NCELL][4];     /* arm bit pointing at the neighbour (order u r d l) */
    int nb_cell[NCELL][4];    /* the neighbour cell */
    int nb_opp[NCELL][4];     /* arm bit of the neighbour pointing back */
    int nbx_node[NCELL][4];   /* neighbour cell * 16 + nb_opp: node entered */
    uint32_t adj_mask[NCELL]; /* bit set of the neighbours */
    int dist[NCELL][NCELL];   /* Manhattan distance */
    /* per level (the tile multiset never changes) */
    int chg[16];  /* charge of a changed path cell per needed arm mask */
    int fill[16]; /* fewest turns of any corner/junction of the level per need */
    int n_cross;
} Tables;

static inline int rotate_cw(int arms, int times)
{
    times &= 3;
    return ((arms << times) | (arms >> (4 - times))) & 15;
}

static void rot_table(int code, int frozen, int out[16])
{
    int kind = code >> 4, arms = code & 15;
    for (int need = 0; need < 16; need++) {
        int best = INF;
        if (need == 0) {
            best = 0;
        } else if (kind >= K_CORNER || kind == 2) {
            int nturns = (frozen || kind == 2) ? 1 : 4;
            for (int t = 0; t < nturns; t++) {
                if ((rotate_cw(arms, t) & need) == need) {
                    best = t;
                    break;
                }
            }
        }
        out[need] = best;
    }
}

/* Fill every table; arr0 is the level (24 codes) for the per-level part. */
static void tables_init(Tables *t, const uint8_t *arr0)
{
    static const int bits[4] = {1, 2, 4, 8};
    static const int dr[4] = {-1, 0, 1, 0};
    static const int dc[4] = {0, 1, 0, -1};
    static const int opp[4] = {4, 8, 1, 2};
    for (int c = 0; c < 128; c++) {
        rot_table(c, 0, t->rot[c]);
        rot_table(c, 1, t->rot_fixed[c]);
        t->paid[c] = (c >> 4) >= K_CORNER ? 1 : 0;
    }
    for (int cell = 0; cell < NCELL; cell++) {
        int r = cell / COLS, c = cell % COLS, n = 0;
        t->adj_mask[cell] = 0;
        for (int k = 0; k < 4; k++) {
            int r2 = r + dr[k], c2 = c + dc[k];
            if (r2 < 0 || r2 >= ROWS || c2 < 0 || c2 >= COLS)
                continue;
            int nb = r2 * COLS + c2;
            t->nb_bit[cell][n] = bits[k];
            t->nb_cell[cell][n] = nb;
            t->nb_opp[cell][n] = opp[k];
            t->nbx_node[cell][n] = nb * 16 + opp[k];
            t->adj_mask[cell] |= 1u << nb;
            n++;
        }
        t->nb_n[cell] = n;
        for (int b = 0; b < NCELL; b++) {
            int rr = b / COLS, cc = b % COLS;
            t->dist[cell][b] = (r > rr ? r - rr : rr - r) + (c > cc ? c - cc : cc - c);
        }
    }
    int n_cross = 0;
    int present[128] = {0};
    for (int i = 0; i < NCELL; i++) {
        if (arr0[i] == CROSS_C)
            n_cross++;
        present[arr0[i] & 127] = 1;
    }
    t->n_cross = n_cross;
    for (int need = 0; need < 16; need++) {
        int f = INF;
        for (int c = 0; c < 128; c++) {
            int k = c >> 4;
            if (present[c] && (k == K_CORNER || k == K_JUNCTION) && t->rot[c][need] < f)
                f = t->rot[c][need];
        }
        t->fill[need] = f;
        t->chg[need] = n_cross ? 0 : f;
    }
}

#endif
