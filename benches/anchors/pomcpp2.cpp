// The speed anchor of `cargo bench -p benches --bench bomberman`: pomcpp2 (jw3il/pomcpp2, the
// maintained C++ port of Pommerman) playing whole free-for-all episodes, capped at Pommerman's
// 800 steps, with the same two line-ups as koth's game benches:
//
//   harmless  four HarmlessAgents (random moves, never a bomb): koth's random_x4_no_drops
//   random    four RandomAgents (bombs included):                koth's random_x4
//
// Environment::Step builds each living agent's observation, asks it to act, then steps the
// state, as a Rust user of koth calls observe, Bot::act and step. Prints one JSON line with
// steps per second. Build and run (see benches/anchors/README.md):
//
//   g++ -O2 -std=c++17 -pthread -I"$POMCPP2/include" "$POMCPP2"/src/agents/*.cpp \
//       "$POMCPP2"/src/bboard/*.cpp benches/anchors/pomcpp2.cpp -o pomcpp2-anchor
//   ./pomcpp2-anchor harmless 5
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "agents.hpp"
#include "bboard.hpp"

int main(int argc, char** argv)
{
    const bool harmless = argc > 1 && std::strcmp(argv[1], "harmless") == 0;
    const double seconds = argc > 2 ? std::atof(argv[2]) : 1.0;
    agents::HarmlessAgent quiet[4];
    agents::RandomAgent noisy[4];
    std::array<bboard::Agent*, 4> lineup;
    for (int i = 0; i < 4; i++)
    {
        lineup[i] = harmless ? static_cast<bboard::Agent*>(&quiet[i]) : &noisy[i];
    }
    bboard::Environment env;
    long long steps = 0, episodes = 0;
    long seed = 1;
    const auto start = std::chrono::steady_clock::now();
    double elapsed = 0;
    while (elapsed < seconds)
    {
        env.MakeGame(lineup, bboard::GameMode::FreeForAll, seed, seed);
        seed++;
        int n = 0;
        while (!env.IsDone() && n < 800)
        {
            env.Step(false);
            n++;
        }
        steps += n;
        episodes++;
        elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    std::printf("{\"engine\":\"pomcpp2\",\"agents\":\"%s\",\"episodes\":%lld,\"seconds\":%.3f,"
                "\"steps_per_s\":%.0f,\"ns_per_step\":%.1f,\"steps_per_episode\":%.1f}\n",
                harmless ? "harmless" : "random", episodes, elapsed, steps / elapsed,
                elapsed * 1e9 / steps, double(steps) / episodes);
    return 0;
}
