package org.praefectus.plugins.runner;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.praefectus.plugins.process.CapturedOutput;
import org.praefectus.plugins.process.OutputListener;
import org.praefectus.plugins.process.ProcessStream;

/**
 * Reads one output stream to its end: keeps the first {@code cap} bytes, counts the rest, and hands every
 * line to the listener (and an unterminated line whenever the child pauses after it). Memory stays bounded by twice the cap whatever the child writes.
 */
final class OutputDrain {

    private final ProcessStream stream;
    private final int cap;
    private final OutputListener listener;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private long total;

    OutputDrain(ProcessStream stream, int cap, OutputListener listener) {
        this.stream = stream;
        this.cap = cap;
        this.listener = listener;
    }

    /** Reads until end of stream or an I/O error (the pipe closed under us); then flushes the last line. */
    void drain(InputStream in) {
        byte[] buffer = new byte[8192];
        try (in) {
            for (int read; (read = in.read(buffer)) >= 0; ) {
                accept(buffer, read);
                if (in.available() == 0) {
                    announcePartial();
                }
            }
        } catch (IOException closed) {
            // the stream was closed while the child still held it: what was read so far is the output
        }
        synchronized (this) {
            if (line.size() > 0) {
                emitLine();
            }
        }
    }

    private synchronized void accept(byte[] buffer, int length) {
        int keep = (int) Math.min(length, Math.max(0, cap - total));
        kept.write(buffer, 0, keep);
        total += length;
        for (int i = 0; i < length; i++) {
            byte b = buffer[i];
            if (b == '\n') {
                emitLine();
            } else {
                line.write(b);
                if (line.size() >= cap) {
                    emitLine();
                }
            }
        }
    }

    /** The unterminated rest, when the child has paused after it (nothing more readable): maybe a prompt. */
    private synchronized void announcePartial() {
        if (line.size() == 0) {
            return;
        }
        try {
            listener.onPartialLine(stream, line.toString(StandardCharsets.UTF_8));
        } catch (RuntimeException ignored) {
            // as for lines: the drain goes on
        }
    }

    private void emitLine() {
        byte[] bytes = line.toByteArray();
        int length = bytes.length;
        if (length > 0 && bytes[length - 1] == '\r') {
            length--;
        }
        line.reset();
        try {
            listener.onLine(stream, new String(bytes, 0, length, StandardCharsets.UTF_8));
        } catch (RuntimeException ignored) {
            // a failing listener must not stop the drain, or the child would block on a full pipe
        }
    }

    synchronized CapturedOutput captured() {
        return new CapturedOutput(kept.toByteArray(), total, total > kept.size());
    }
}
