/* Seed bot "corner" (C) for the "Write a Tank AI" contest: our own simple design, not a
 * contest entry (the contest text has a single sample tank, see sample.py).
 *
 * Strategy:
 *   1. if another tank shares our column or row, shoot at the nearest one along that line
 *      (the shell wraps round the torus);
 *   2. otherwise step toward the centre square of the board, preferring a free square that
 *      lies on no other tank's row or column (nobody can shoot us there this tick);
 *   3. at the centre, or when every step would put us in a line of fire while we are safe
 *      now, stay put by shooting along our own empty column (the shell comes back to us and
 *      does nothing).
 *
 * Protocol (docs/tanks.md): run once per tick; one line on standard input,
 *   YourUserID;GridWidth;id,x,y;id,x,y;...
 * (x to the right, y UP); prints one command: mu md ml mr (move) or su sd sl sr (shoot).
 *
 * Build and run:
 *   gcc -O2 -o corner corner.c
 *   koth play tanks --workdir . --bot 'corner=cmd:./corner' --bot builtin:random --json
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TANKS 4096

struct tank { long id; long x, y; };

static struct tank tanks[MAX_TANKS];
static int count;

/* Signed shortest step count from a to b on a ring of `side` squares. */
static long ring(long a, long b, long side) {
    long d = ((b - a) % side + side) % side;
    return d > side / 2 ? d - side : d;
}

static long labs_(long v) { return v < 0 ? -v : v; }

/* Is square (x, y) on the row or column of a tank other than `self`? */
static int exposed(long x, long y, int self) {
    for (int i = 0; i < count; i++) {
        if (i != self && (tanks[i].x == x || tanks[i].y == y)) return 1;
    }
    return 0;
}

static int occupied(long x, long y, int self) {
    for (int i = 0; i < count; i++) {
        if (i != self && tanks[i].x == x && tanks[i].y == y) return 1;
    }
    return 0;
}

int main(void) {
    static char line[1 << 20];
    if (!fgets(line, sizeof line, stdin)) { puts("su"); return 0; }

    char *save = NULL;
    char *field = strtok_r(line, ";\r\n", &save);
    if (!field) { puts("su"); return 0; }
    long my_id = strtol(field, NULL, 10);
    field = strtok_r(NULL, ";\r\n", &save);
    long side = field ? strtol(field, NULL, 10) : 0;
    if (side < 1) { puts("su"); return 0; }

    int me = -1;
    while ((field = strtok_r(NULL, ";\r\n", &save)) != NULL && count < MAX_TANKS) {
        struct tank t;
        if (sscanf(field, "%ld,%ld,%ld", &t.id, &t.x, &t.y) != 3) continue;
        if (t.id == my_id) me = count;
        tanks[count++] = t;
    }
    if (me < 0) { puts("su"); return 0; }
    long mx = tanks[me].x, my = tanks[me].y;

    /* 1. shoot the nearest tank in line */
    long best = -1;
    const char *shot = NULL;
    for (int i = 0; i < count; i++) {
        if (i == me) continue;
        long d;
        const char *dir;
        if (tanks[i].x == mx) {
            d = ring(my, tanks[i].y, side);
            dir = d > 0 ? "su" : "sd";
        } else if (tanks[i].y == my) {
            d = ring(mx, tanks[i].x, side);
            dir = d > 0 ? "sr" : "sl";
        } else {
            continue;
        }
        if (best < 0 || labs_(d) < best) { best = labs_(d); shot = dir; }
    }
    if (shot) { puts(shot); return 0; }

    /* 2. step toward the centre, safe squares first */
    static const char *names[4] = { "mu", "md", "ml", "mr" };
    static const long dx[4] = { 0, 0, -1, 1 };
    static const long dy[4] = { 1, -1, 0, 0 };
    long cx = side / 2, cy = side / 2;
    long here = labs_(ring(mx, cx, side)) + labs_(ring(my, cy, side));
    int choice = -1;
    long choice_score = 0;
    for (int k = 0; k < 4; k++) {
        long nx = ((mx + dx[k]) % side + side) % side;
        long ny = ((my + dy[k]) % side + side) % side;
        if (occupied(nx, ny, me)) continue;
        long dist = labs_(ring(nx, cx, side)) + labs_(ring(ny, cy, side));
        if (dist >= here) continue;               /* only steps that get closer */
        long score = dist + (exposed(nx, ny, me) ? 1000 : 0);
        if (choice < 0 || score < choice_score) { choice = k; choice_score = score; }
    }
    /* We are safe where we stand (nobody in line): do not walk into a line of fire. */
    if (choice >= 0 && choice_score < 1000) { puts(names[choice]); return 0; }

    /* 3. stay put: our column holds no other tank, so this shell does nothing */
    puts("su");
    return 0;
}
