// Seed bot "Walker" (Java) for koth's Bomberman. The bomberman contest text has no sample
// bots, so this is our own simple design: a long-running bot that walks and now and then
// drops a bomb, then gets out of its blast.
//
// Strategy, on the cell lattice (every tick):
//   1. danger = the cells an explosion covers now, plus the cross every bomb will cover
//      (the owner's power, rays stopped by the first wall);
//   2. stunned: stand still; standing in danger: walk the shortest way to a safe cell;
//   3. centred on a safe cell with a bomb to spare: drop one when a brick or an opponent lies
//      in its blast (or, rarely, at random), but only if a safe cell is reachable afterwards,
//      and walk toward that cell;
//   4. otherwise keep walking in the current direction while the next cell is free and safe,
//      else turn to a random free, safe neighbour (or stand still when there is none).
// Moves go one axis at a time, lining up on the cell centre before turning (no sliding round
// corners in this game).
//
// Protocol (docs/bomberman.md): one process for the whole game; before each tick one JSON
// line arrives on standard input, and the bot answers one line
//   {"speedX": <number>, "speedY": <number>, "drop": <true|false>}
// and flushes. The line is read with a small JSON reader of our own (standard library only).
//
// Build and run (koth sizes the JVM for bomberman's 256 MB memory cap through
// JAVA_TOOL_OPTIONS):
//   javac -d build Walker.java
//   koth play bomberman --workdir build --bot 'walker=cmd:java Walker' \
//       --bot builtin:random --config duel.json --json        (duel.json: {"mode": "duel"})
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

public class Walker {
    static final int[][] STEPS = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
    static final String STILL = "{\"speedX\": 0, \"speedY\": 0, \"drop\": false}";

    final Random random = new Random();
    int heading = random.nextInt(4);   // index into STEPS of the last step taken
    int[] target;                      // the cell we are walking to

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, "UTF-8");
        Walker walker = new Walker();
        String line;
        while ((line = in.readLine()) != null) {
            String answer;
            try {
                answer = walker.tick(line);
            } catch (RuntimeException e) {
                answer = STILL; // never go silent
            }
            out.println(answer);
            out.flush();
        }
    }

    // ---- one tick --------------------------------------------------------------------------

    int cells;
    double size;
    boolean[][] wall;       // brick or concrete
    boolean[][] brick;
    boolean[][] bomb;
    boolean[][] fire;       // an explosion square now
    boolean[][] danger;     // fire now or a bomb's future blast

    String tick(String line) {
        Map<String, Object> root = obj(new Json(line).value());
        Map<String, Object> me = obj(root.get("player"));
        Map<String, Object> world = obj(root.get("world"));
        Map<String, Object> rules = obj(root.get("rules"));

        size = num(rules.get("cellSize"), 30);
        cells = (int) num(rules.get("cells"), Math.round(num(world.get("width"), 450) / size));
        double maxSpeed = num(rules.get("playerMaxSpeed"), 10);
        double bombTimeout = num(rules.get("bombTimeout"), 50);
        wall = new boolean[cells][cells];
        brick = new boolean[cells][cells];
        bomb = new boolean[cells][cells];
        fire = new boolean[cells][cells];
        danger = new boolean[cells][cells];

        if (num(me.get("stunDuration"), 0) > 0) {
            return STILL;
        }
        int myId = (int) num(me.get("playerId"), -1);
        double x = num(me.get("x"), 0), y = num(me.get("y"), 0);
        int myPower = (int) num(me.get("bombsPower"), 1);

        Map<Integer, Integer> power = new HashMap<>();
        List<int[]> opponents = new ArrayList<>();
        int maxPower = myPower;
        for (Object o : list(world.get("players"))) {
            Map<String, Object> p = obj(o);
            int id = (int) num(p.get("playerId"), -1);
            int pw = (int) num(p.get("bombsPower"), 1);
            power.put(id, pw);
            maxPower = Math.max(maxPower, pw);
            if (id != myId) {
                opponents.add(cellOf(num(p.get("x"), 0), num(p.get("y"), 0)));
            }
        }
        for (Object o : list(world.get("obstacles"))) {
            Map<String, Object> w = obj(o);
            int[] c = cellOf(num(w.get("x"), 0), num(w.get("y"), 0));
            if (inside(c[0], c[1])) {
                wall[c[0]][c[1]] = true;
                brick[c[0]][c[1]] = "BrickWall".equals(w.get("type"));
            }
        }
        for (Object o : list(world.get("explosions"))) {
            Map<String, Object> e = obj(o);
            int[] c = cellOf(num(e.get("x"), 0), num(e.get("y"), 0));
            if (inside(c[0], c[1])) {
                fire[c[0]][c[1]] = true;
                danger[c[0]][c[1]] = true;
            }
        }
        for (Object o : list(world.get("bombs"))) {
            Map<String, Object> b = obj(o);
            int[] c = cellOf(num(b.get("x"), 0), num(b.get("y"), 0));
            if (!inside(c[0], c[1])) {
                continue;
            }
            bomb[c[0]][c[1]] = true;
            Integer pw = power.get((int) num(b.get("owner"), -1));
            markBlast(danger, c[0], c[1], pw != null ? pw : maxPower);
        }

        int[] here = cellOf(x, y);
        if (!inside(here[0], here[1])) {
            return STILL;
        }
        double cx = centre(here[0]), cy = centre(here[1]);
        boolean centred = Math.abs(x - cx) < 1e-9 && Math.abs(y - cy) < 1e-9;

        // 2. in danger: run to the nearest safe cell
        if (danger[here[0]][here[1]]) {
            int[] step = firstStepToSafety(here, danger, Integer.MAX_VALUE);
            return step == null ? STILL : move(x, y, step, false);
        }

        // 3. drop a bomb when it pays and we can get away
        boolean haveBomb = num(me.get("bombsLeft"), 0) > 0 && !bomb[here[0]][here[1]];
        if (centred && haveBomb && (worthBombing(here, myPower, opponents) || random.nextInt(100) < 2)) {
            boolean[][] after = copy(danger);
            markBlast(after, here[0], here[1], myPower);
            // cells we can cross before the bomb goes off, with a margin
            int reach = (int) Math.max(1, bombTimeout * maxSpeed / size / 2);
            int[] step = firstStepToSafety(here, after, reach);
            if (step != null) {
                return move(x, y, step, true);
            }
        }

        // 4. wander: go on in the same direction while it is free and safe, else turn
        if (!centred) {
            // finish the step in progress, or settle on the centre of the cell we are in
            boolean going = target != null && Math.abs(target[0] - here[0]) + Math.abs(target[1] - here[1]) <= 1
                    && open(target[0], target[1]) && !danger[target[0]][target[1]];
            return move(x, y, going ? target : here, false);
        }
        int[] ahead = { here[0] + STEPS[heading][0], here[1] + STEPS[heading][1] };
        if (!open(ahead[0], ahead[1]) || danger[ahead[0]][ahead[1]] || random.nextInt(100) < 10) {
            List<Integer> choices = new ArrayList<>();
            for (int d = 0; d < 4; d++) {
                int nx = here[0] + STEPS[d][0], ny = here[1] + STEPS[d][1];
                if (open(nx, ny) && !danger[nx][ny]) {
                    choices.add(d);
                }
            }
            if (choices.isEmpty()) {
                return STILL;
            }
            Collections.shuffle(choices, random);
            heading = choices.get(0);
            ahead = new int[] { here[0] + STEPS[heading][0], here[1] + STEPS[heading][1] };
        }
        return move(x, y, ahead, false);
    }

    // A brick at the end of a ray, or an opponent in the cross, within `power` cells.
    boolean worthBombing(int[] c, int power, List<int[]> opponents) {
        for (int[] o : opponents) {
            if (o[0] == c[0] && o[1] == c[1]) {
                return true;
            }
        }
        for (int[] s : STEPS) {
            for (int k = 1; k <= power; k++) {
                int nx = c[0] + s[0] * k, ny = c[1] + s[1] * k;
                if (!inside(nx, ny)) {
                    break;
                }
                if (wall[nx][ny]) {
                    if (brick[nx][ny]) {
                        return true;
                    }
                    break;
                }
                for (int[] o : opponents) {
                    if (o[0] == nx && o[1] == ny) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    // The bomb's cell and up to `power` cells each way, each ray covering the first wall it hits.
    void markBlast(boolean[][] into, int bx, int by, int power) {
        into[bx][by] = true;
        for (int[] s : STEPS) {
            for (int k = 1; k <= power; k++) {
                int nx = bx + s[0] * k, ny = by + s[1] * k;
                if (!inside(nx, ny)) {
                    break;
                }
                into[nx][ny] = true;
                if (wall[nx][ny]) {
                    break;
                }
            }
        }
    }

    // Breadth-first search from `from` over open cells without fire, to the nearest cell not in
    // `unsafe` at most `limit` steps away; returns the first cell of that path (or `from` itself
    // when it is already safe), or null.
    int[] firstStepToSafety(int[] from, boolean[][] unsafe, int limit) {
        int[][] firstStep = new int[cells * cells][];
        int[] dist = new int[cells * cells];
        java.util.Arrays.fill(dist, -1);
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        dist[from[0] * cells + from[1]] = 0;
        queue.add(from);
        while (!queue.isEmpty()) {
            int[] c = queue.poll();
            int dc = dist[c[0] * cells + c[1]];
            if (!unsafe[c[0]][c[1]]) {
                return dc == 0 ? from : firstStep[c[0] * cells + c[1]];
            }
            if (dc >= limit) {
                continue;
            }
            // the current heading first (so a run does not swing back and forth), then at random
            List<int[]> order = new ArrayList<>();
            for (int d = 0; d < 4; d++) {
                if (d != heading) {
                    order.add(STEPS[d]);
                }
            }
            Collections.shuffle(order, random);
            order.add(0, STEPS[heading]);
            for (int[] s : order) {
                int nx = c[0] + s[0], ny = c[1] + s[1];
                if (!open(nx, ny) || fire[nx][ny] || dist[nx * cells + ny] >= 0) {
                    continue;
                }
                dist[nx * cells + ny] = dc + 1;
                firstStep[nx * cells + ny] = dc == 0 ? new int[] { nx, ny } : firstStep[c[0] * cells + c[1]];
                queue.add(new int[] { nx, ny });
            }
        }
        return null;
    }

    // Speed toward cell `target` (our cell or a neighbour): line up on the perpendicular axis
    // first, then go straight.
    String move(double x, double y, int[] target, boolean drop) {
        int[] here = cellOf(x, y);
        this.target = target;
        for (int d = 0; d < 4; d++) {
            if (target[0] == here[0] + STEPS[d][0] && target[1] == here[1] + STEPS[d][1]) {
                heading = d;
            }
        }
        double tx = centre(target[0]), ty = centre(target[1]);
        double sx = 0, sy = 0;
        if (target[0] != here[0]) {                // horizontal step
            double offY = centre(here[1]) - y;
            if (Math.abs(offY) > 1e-9) {
                sy = offY;
            } else {
                sx = tx - x;
            }
        } else if (target[1] != here[1]) {         // vertical step
            double offX = centre(here[0]) - x;
            if (Math.abs(offX) > 1e-9) {
                sx = offX;
            } else {
                sy = ty - y;
            }
        } else {                                   // to our own centre, one axis at a time
            if (Math.abs(tx - x) >= Math.abs(ty - y)) {
                sx = tx - x;
            } else {
                sy = ty - y;
            }
        }
        sx = clamp(sx);
        sy = clamp(sy);
        return String.format(Locale.ROOT, "{\"speedX\": %.8f, \"speedY\": %.8f, \"drop\": %b}", sx, sy, drop);
    }

    static double clamp(double v) {
        return Math.max(-10, Math.min(10, v));
    }

    boolean inside(int cx, int cy) {
        return cx >= 0 && cy >= 0 && cx < cells && cy < cells;
    }

    boolean open(int cx, int cy) {
        return inside(cx, cy) && !wall[cx][cy] && !bomb[cx][cy];
    }

    int[] cellOf(double x, double y) {
        return new int[] { (int) Math.floor(x / size), (int) Math.floor(y / size) };
    }

    double centre(int c) {
        return (c + 0.5) * size;
    }

    static boolean[][] copy(boolean[][] a) {
        boolean[][] b = new boolean[a.length][];
        for (int i = 0; i < a.length; i++) {
            b[i] = a[i].clone();
        }
        return b;
    }

    // ---- a minimal JSON reader: objects, arrays, strings, numbers, true, false, null -------

    @SuppressWarnings("unchecked")
    static Map<String, Object> obj(Object o) {
        return o instanceof Map ? (Map<String, Object>) o : new HashMap<>();
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object o) {
        return o instanceof List ? (List<Object>) o : new ArrayList<>();
    }

    static double num(Object o, double fallback) {
        return o instanceof Double ? (Double) o : fallback;
    }

    static final class Json {
        private final String s;
        private int i;

        Json(String s) {
            this.s = s;
        }

        Object value() {
            skip();
            char c = s.charAt(i);
            switch (c) {
                case '{': {
                    Map<String, Object> m = new HashMap<>();
                    i++;
                    skip();
                    if (s.charAt(i) == '}') {
                        i++;
                        return m;
                    }
                    while (true) {
                        skip();
                        String key = string();
                        skip();
                        expect(':');
                        m.put(key, value());
                        skip();
                        if (s.charAt(i) == ',') {
                            i++;
                        } else {
                            expect('}');
                            return m;
                        }
                    }
                }
                case '[': {
                    List<Object> l = new ArrayList<>();
                    i++;
                    skip();
                    if (s.charAt(i) == ']') {
                        i++;
                        return l;
                    }
                    while (true) {
                        l.add(value());
                        skip();
                        if (s.charAt(i) == ',') {
                            i++;
                        } else {
                            expect(']');
                            return l;
                        }
                    }
                }
                case '"':
                    return string();
                case 't':
                    i += 4;
                    return Boolean.TRUE;
                case 'f':
                    i += 5;
                    return Boolean.FALSE;
                case 'n':
                    i += 4;
                    return null;
                default: {
                    int start = i;
                    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                        i++;
                    }
                    return Double.parseDouble(s.substring(start, i));
                }
            }
        }

        private String string() {
            expect('"');
            StringBuilder b = new StringBuilder();
            while (s.charAt(i) != '"') {
                char c = s.charAt(i++);
                if (c == '\\') {
                    char e = s.charAt(i++);
                    switch (e) {
                        case 'n': b.append('\n'); break;
                        case 't': b.append('\t'); break;
                        case 'r': b.append('\r'); break;
                        case 'b': b.append('\b'); break;
                        case 'f': b.append('\f'); break;
                        case 'u': b.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; break;
                        default: b.append(e);
                    }
                } else {
                    b.append(c);
                }
            }
            i++;
            return b.toString();
        }

        private void expect(char c) {
            if (s.charAt(i) != c) {
                throw new IllegalArgumentException("expected " + c + " at " + i);
            }
            i++;
        }

        private void skip() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }
    }
}
