// Seed bot "Hermurai" (C++) from the Ultimate Samurai Showdown contest, rewritten for koth.
//
// Strategy: an admiring imitator. He bows on the first turn. Afterwards he repeats the
// enemy's last move, except that a wait or a guard is answered with a bow. Once his honour
// is above 20 he only strikes, repeating the enemy's most recent strike (I P O; a quick
// draw I when the enemy never struck). Like the original he does not check his own honour
// before copying a strike, so he may be struck down by the gods at honour 0.
//
// Protocol (docs/samurai.md): run once per turn as
//   ./hermurai [<history> <enemy_history>] <health> <enemy_health> <honour> <enemy_honour>
// (4 arguments on the first turn, 6 afterwards); prints one letter.
//
// Build and run:
//   g++ -O2 -o hermurai hermurai.cpp
//   koth play samurai --workdir . --bot 'hermurai=cmd:./hermurai' --bot builtin:monk --json
#include <cstdio>
#include <cstdlib>
#include <string>

static char last_strike(const std::string &enemy) {
    std::string::size_type at = enemy.find_last_of("IPO");
    return at == std::string::npos ? 'I' : enemy[at];
}

static char decide(int argc, char **argv) {
    if (argc != 7) {
        return 'B'; // first turn: no histories yet
    }
    const std::string enemy(argv[2]);
    const long honour = std::strtol(argv[5], nullptr, 10);
    if (enemy.empty()) {
        return 'B';
    }
    if (honour > 20) {
        return last_strike(enemy);
    }
    char last = enemy[enemy.size() - 1];
    if (last == 'W' || last == 'G') {
        return 'B';
    }
    if (std::string("BIPO").find(last) == std::string::npos) {
        return 'B';
    }
    return last;
}

int main(int argc, char **argv) {
    std::printf("%c\n", decide(argc, argv));
    return 0;
}
