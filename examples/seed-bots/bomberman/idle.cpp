// Seed bot "idle" (C++) for koth's Bomberman. The bomberman contest text has no sample bots;
// this is the simplest possible long-running bot (the same play as koth's builtin:idle).
//
// Strategy: stand still and never drop a bomb.
//
// Protocol (docs/bomberman.md): one process for the whole game; before each tick one JSON
// line arrives on standard input; answer exactly one line per line read,
//   {"speedX": 0, "speedY": 0, "drop": false}
// and flush it at once. The loop ends when koth closes standard input (or kills the process).
//
// Build and run:
//   g++ -O2 -o idle idle.cpp
//   koth play bomberman --workdir . --bot 'idle=cmd:./idle' --bot builtin:random --config duel.json --json
//   (duel.json: {"mode": "duel"})
#include <iostream>
#include <string>

int main() {
    std::ios::sync_with_stdio(false);
    std::string line;
    while (std::getline(std::cin, line)) {
        std::cout << "{\"speedX\": 0, \"speedY\": 0, \"drop\": false}" << std::endl; // endl flushes
    }
    return 0;
}
