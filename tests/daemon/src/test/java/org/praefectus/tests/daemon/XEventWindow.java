package org.praefectus.tests.daemon;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An {@code xev} window: an X client of its own that prints every button and key event the X server delivers to it,
 * so a test reads which button a click pressed, or that nothing arrived, independently of the daemon.
 */
final class XEventWindow implements AutoCloseable {

    private static final Pattern EVENT = Pattern.compile("^(ButtonPress|ButtonRelease|KeyPress|KeyRelease) event");
    private static final Pattern BUTTON = Pattern.compile("button (\\d+),");

    private final Process process;
    private final List<String> events = new ArrayList<>();
    final String id;
    final int centerX;
    final int centerY;

    private XEventWindow(Process process, String id, int centerX, int centerY) {
        this.process = process;
        this.id = id;
        this.centerX = centerX;
        this.centerY = centerY;
        Thread reader = new Thread(this::read, "xev-reader");
        reader.setDaemon(true);
        reader.start();
    }

    /** Opens the window titled {@code title} and waits until the window manager has mapped it. */
    static XEventWindow open(String title) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(
                        "xev", "-name", title, "-geometry", "300x200+60+60", "-event", "button", "-event", "keyboard")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String id = run("xdotool", "search", "--sync", "--onlyvisible", "--name", title)
                .lines()
                .findFirst()
                .orElseThrow();
        // key events go to the focused window: this one, so a keystroke that should not happen would show here
        run("xdotool", "windowactivate", "--sync", id);
        Map<String, Integer> geometry = new java.util.HashMap<>();
        for (String line :
                run("xdotool", "getwindowgeometry", "--shell", id).lines().toList()) {
            String[] pair = line.split("=", 2);
            if (pair.length == 2 && pair[1].matches("-?\\d+")) {
                geometry.put(pair[0], Integer.parseInt(pair[1]));
            }
        }
        return new XEventWindow(
                process,
                id,
                geometry.get("X") + geometry.get("WIDTH") / 2,
                geometry.get("Y") + geometry.get("HEIGHT") / 2);
    }

    private void read() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), UTF_8))) {
            String kind = null;
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                Matcher event = EVENT.matcher(line);
                if (event.find()) {
                    kind = event.group(1);
                    if (kind.startsWith("Key")) {
                        record(kind);
                        kind = null;
                    }
                    continue;
                }
                Matcher button = BUTTON.matcher(line);
                if (kind != null && button.find()) {
                    record(kind + " " + button.group(1));
                    kind = null;
                }
            }
        } catch (IOException ended) {
            // xev was closed
        }
    }

    private void record(String event) {
        synchronized (events) {
            events.add(event);
        }
    }

    /** The events delivered so far, oldest first: {@code ButtonPress 3}, {@code KeyPress}… */
    List<String> events() {
        synchronized (events) {
            return List.copyOf(events);
        }
    }

    /** Forgets the events so far. */
    void clear() {
        synchronized (events) {
            events.clear();
        }
    }

    /** {@code xdotool getmouselocation}: where the X server has the pointer, as {@code x,y}. */
    static String pointer() throws IOException, InterruptedException {
        Map<String, String> values = new java.util.HashMap<>();
        for (String line : run("xdotool", "getmouselocation", "--shell").lines().toList()) {
            String[] pair = line.split("=", 2);
            if (pair.length == 2) {
                values.put(pair[0], pair[1]);
            }
        }
        return values.get("X") + "," + values.get("Y");
    }

    /** {@code xdotool mousemove x y}. */
    static void movePointer(int x, int y) throws IOException, InterruptedException {
        run("xdotool", "mousemove", "--sync", Integer.toString(x), Integer.toString(y));
        assertEquals(x + "," + y, pointer());
    }

    static String run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), UTF_8);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), String.join(" ", command));
        assertEquals(0, process.exitValue(), String.join(" ", command) + ": " + out);
        return out;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        process.waitFor(10, TimeUnit.SECONDS);
    }
}
