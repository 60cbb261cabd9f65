package org.praefectus.linux.wayland;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The last lines the PipeWire helper wrote to its standard error (GStreamer's own errors: a caps negotiation
 * that failed, a node that is gone), kept so a capture that fails can say why. The helper never sees a frame's
 * meaning, typed text or a secret, so its messages may be shown; they are bounded, never logged here.
 */
final class HelperMessages {

    /** How many of the newest lines are kept, and how long each may be. */
    static final int LINES = 4;

    static final int LINE_CHARS = 200;

    private final Deque<String> newest = new ArrayDeque<>();
    private final Thread reader;

    private HelperMessages(InputStream errors, String threadName) {
        this.reader = new Thread(() -> read(errors), threadName);
        this.reader.setDaemon(true);
    }

    /** Starts reading a helper's standard error on a daemon thread until it closes. */
    static HelperMessages follow(InputStream errors, String threadName) {
        HelperMessages messages = new HelperMessages(errors, threadName);
        messages.reader.start();
        return messages;
    }

    private void read(InputStream errors) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(errors, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                String kept = line.strip();
                if (kept.isEmpty()) {
                    continue;
                }
                synchronized (newest) {
                    newest.addLast(kept.length() > LINE_CHARS ? kept.substring(0, LINE_CHARS) : kept);
                    while (newest.size() > LINES) {
                        newest.removeFirst();
                    }
                }
            }
        } catch (IOException closed) {
            // the helper ended or was stopped
        }
    }

    /**
     * A failure's message: what failed, then what the helper last said, or the likely cause when it said nothing.
     */
    String explain(String failure, String whenSilent) {
        synchronized (newest) {
            return failure + ": " + (newest.isEmpty() ? whenSilent : "the helper said: " + String.join(" / ", newest));
        }
    }

    /** Waits briefly for the reader once the helper is stopped. */
    void stop() throws InterruptedException {
        reader.join(2_000);
    }
}
