// Seed bot "PassiveBot" (Java), one of the two sample bots of the naval contest ("Hit and
// sunk"), rewritten for koth.
//
// Strategy: none at all. It always chooses the Carrier (class 5) and waits (W) every turn.
//
// Protocol (docs/naval.md): one run with no argument before each game (print the class,
// 1..5), then one run per turn with the input line as the only argument (print the orders).
//
// Build and run:
//   javac -d build PassiveBot.java
//   koth play naval --workdir build --bot 'passive=cmd:java PassiveBot' --bot builtin:random --json
public class PassiveBot {
    public static void main(String[] args) {
        if (args.length == 0) {
            System.out.println("5"); // class choice: the Carrier
        } else {
            System.out.println("W"); // a turn: wait
        }
    }
}
