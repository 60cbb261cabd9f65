package org.praefectus.linux.executor;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real {@code xev} window (x11-utils) that prints the pointer and keyboard events the X server delivers to it: an
 * oracle independent of the executor for what input arrived, in what order, with which held buttons and modifiers.
 */
final class XevWindow implements AutoCloseable {

    /** {@code Button1Mask} of an event's state. */
    static final int BUTTON1 = 0x100;
    /** {@code ControlMask} of an event's state. */
    static final int CONTROL = 0x4;

    private static final Pattern HEADER = Pattern.compile("^(\\w+) event, serial");
    private static final Pattern TIME_AND_ROOT =
            Pattern.compile("time (\\d+), \\(-?\\d+,-?\\d+\\), root:\\((-?\\d+),(-?\\d+)\\)");
    private static final Pattern STATE = Pattern.compile("state 0x([0-9a-f]+)");
    private static final Pattern KEYSYM = Pattern.compile("\\(keysym 0x[0-9a-f]+, ([^)]+)\\)");
    private static final Pattern ABSOLUTE = Pattern.compile("Absolute upper-left (X|Y):\\s+(-?\\d+)");
    private static final Pattern WINDOW_ID = Pattern.compile("Window id: (0x[0-9a-f]+)");

    /**
     * One delivered event.
     *
     * @param type   {@code MotionNotify}, {@code ButtonPress}, {@code KeyPress}, …
     * @param time   the server's timestamp, in milliseconds
     * @param rootX  the pointer on the root window
     * @param rootY  the pointer on the root window
     * @param state  the buttons and modifiers held when it happened
     * @param keysym the key's name for key events, else {@code null}
     */
    record Event(String type, long time, int rootX, int rootY, int state, String keysym) {
        boolean held(int mask) {
            return (state & mask) != 0;
        }
    }

    private final GtkApp process;
    private final String id;
    private final int x;
    private final int y;

    private XevWindow(GtkApp process, String id, int x, int y) {
        this.process = process;
        this.id = id;
        this.x = x;
        this.y = y;
    }

    /** Starts xev with a 400×300 window and waits until it is mapped and has the keyboard focus. */
    static XevWindow open(String name) throws Exception {
        GtkApp process = GtkApp.start(
                "xev", "-geometry", "400x300+300+200", "-name", name, "-event", "mouse", "-event", "keyboard");
        try {
            String info = await("xev's window " + name + " is mapped")
                    .atMost(Duration.ofSeconds(20))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> run("xwininfo", "-name", name), answer -> answer.contains("IsViewable"));
            int[] origin = new int[2];
            Matcher absolute = ABSOLUTE.matcher(info);
            while (absolute.find()) {
                origin[absolute.group(1).equals("X") ? 0 : 1] = Integer.parseInt(absolute.group(2));
            }
            Matcher window = WINDOW_ID.matcher(info);
            if (!window.find()) {
                throw new IllegalStateException("xwininfo named no window: " + info);
            }
            XevWindow xev = new XevWindow(process, window.group(1), origin[0], origin[1]);
            xev.focus();
            return xev;
        } catch (Exception | Error e) {
            process.close();
            throw e;
        }
    }

    /** Activates the window and waits until the X server gives it the keyboard focus. */
    void focus() {
        long wanted = Long.decode(id);
        await("xev's window has the keyboard focus")
                .atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> {
                    run("xdotool", "windowactivate", "--sync", Long.toString(wanted));
                    String focused = run("xdotool", "getwindowfocus").strip();
                    return !focused.isEmpty() && Long.parseLong(focused) == wanted;
                });
    }

    /** The root position of a point inside the window, ({@code dx}, {@code dy}) from its top left corner. */
    int[] at(int dx, int dy) {
        return new int[] {x + dx, y + dy};
    }

    /** Every event xev printed so far, in order. */
    List<Event> events() throws IOException {
        List<Event> events = new ArrayList<>();
        String[] lines = process.output().split("\n");
        for (int i = 0; i < lines.length; i++) {
            Matcher header = HEADER.matcher(lines[i]);
            if (!header.find() || i + 2 >= lines.length) {
                continue;
            }
            String detail = lines[i + 1] + " " + lines[i + 2];
            Matcher where = TIME_AND_ROOT.matcher(detail);
            Matcher state = STATE.matcher(detail);
            if (!where.find() || !state.find()) {
                continue; // an event without a pointer position (EnterNotify prints it too; others do not matter)
            }
            Matcher keysym = KEYSYM.matcher(detail);
            events.add(new Event(
                    header.group(1),
                    Long.parseLong(where.group(1)),
                    Integer.parseInt(where.group(2)),
                    Integer.parseInt(where.group(3)),
                    Integer.parseInt(state.group(1), 16),
                    keysym.find() ? keysym.group(1) : null));
        }
        return events;
    }

    /** The events xev printed after the first {@code skip}. */
    List<Event> eventsAfter(int skip) throws IOException {
        List<Event> all = events();
        return all.subList(Math.min(skip, all.size()), all.size());
    }

    static String run(String... command) throws IOException, InterruptedException {
        Process child = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!child.waitFor(10, TimeUnit.SECONDS)) {
            child.destroyForcibly();
        }
        return out;
    }

    @Override
    public void close() throws InterruptedException {
        process.close();
    }
}
