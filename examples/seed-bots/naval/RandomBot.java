// Seed bot "RandomBot" (Java), one of the two sample bots of the naval contest ("Hit and
// sunk"), rewritten for koth.
//
// Strategy: everything at random. The class is one of 1..5; each turn it plays a single
// order drawn among M B C K F S N A. A shot F gets a random target up to 4 cells away on
// each axis (never the head itself), a mine N a random cell next to the head (each offset
// -1, 0 or +1, not both 0).
// The seed drew its signs and mine offsets with nextInt(1), which is always 0, so it only
// ever fired up-left and mined its own head cell; here signs and offsets really vary.
// Every answer is well formed (docs/naval.md), so the bot never faults; orders the rules
// refuse (out of range, no ship ahead to ram, a mine off the water...) simply do nothing.
//
// Protocol (docs/naval.md): one run with no argument before each game (print the class,
// 1..5), then one run per turn with the input line as the only argument (print the orders).
//
// Build and run:
//   javac -d build RandomBot.java
//   koth play naval --workdir build --bot 'rnd=cmd:java RandomBot' --bot builtin:passive --json
import java.util.Random;

public class RandomBot {
    private static final String[] ORDERS = { "M", "B", "C", "K", "F", "S", "N", "A" };

    public static void main(String[] args) {
        Random random = new Random();
        if (args.length == 0) {
            System.out.println(1 + random.nextInt(5));
            return;
        }
        String line = args[0];
        String answer = "W";
        try {
            answer = turn(line.split(";"), random);
        } catch (RuntimeException e) {
            answer = "W";
        }
        System.out.println(answer);
    }

    private static String turn(String[] fields, Random random) {
        // fields[0] is the round, fields[1] our seat: the original read them and never used them.
        String order = ORDERS[random.nextInt(ORDERS.length)];
        if (order.equals("F")) {
            // 0..4 cells on each axis, either sign; not (0, 0), which would hit our own head
            int dx;
            int dy;
            do {
                dx = random.nextInt(5);
                dy = random.nextInt(5);
            } while (dx == 0 && dy == 0);
            return "F" + offset(dx, random) + offset(dy, random);
        }
        if (order.equals("N")) {
            // -1, 0 or +1 on each axis, but not (0, 0): the head itself is never water.
            int dx;
            int dy;
            do {
                dx = random.nextInt(3) - 1;
                dy = random.nextInt(3) - 1;
            } while (dx == 0 && dy == 0);
            return "N" + signed(dx) + signed(dy);
        }
        return order;
    }

    // A distance 0..4 with a random sign, written [+-]digit.
    private static String offset(int distance, Random random) {
        return (random.nextBoolean() ? "+" : "-") + distance;
    }

    private static String signed(int value) {
        return (value < 0 ? "-" : "+") + Math.abs(value);
    }
}
