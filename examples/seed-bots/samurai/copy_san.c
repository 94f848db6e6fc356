/* Seed bot "Copy-san" (C) from the Ultimate Samurai Showdown contest, rewritten for koth.
 *
 * Strategy: bow on the first turn, then play whatever the enemy played last turn (a pure
 * mirror; it never looks at health or honour, so it can strike itself to death at honour 0,
 * exactly as the original does).
 *
 * Protocol (docs/samurai.md): run once per turn as
 *   ./copy_san [<history> <enemy_history>] <health> <enemy_health> <honour> <enemy_honour>
 * (4 arguments on the first turn, 6 afterwards); prints one letter.
 *
 * Build and run:
 *   gcc -O2 -o copy_san copy_san.c
 *   koth play samurai --workdir . --bot 'copy=cmd:./copy_san' --bot builtin:waiter --json
 */
#include <stdio.h>
#include <string.h>

int main(int argc, char *argv[]) {
    char move = 'B';
    /* argv[0] is the program; with 6 protocol arguments argv[2] is the enemy's history. */
    if (argc >= 7) {
        const char *enemy = argv[2];
        size_t len = strlen(enemy);
        if (len > 0 && strchr("WBGIPO", enemy[len - 1]) != NULL) {
            move = enemy[len - 1];
        }
    }
    printf("%c\n", move);
    return 0;
}
