package org.praefectus.daemon.host;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.host.HostState;
import org.praefectus.api.protocol.Action;

/**
 * The daemon's audit log: one JSON line per decision in a private (0600) file. A line holds the event, a
 * fixed reason code, the operation id, the action kind and hash, content lengths and hashes: never typed
 * text, values, keys, clipboard contents, selectors, paths or tokens.
 */
public final class AuditLog implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final FileChannel channel;
    private final Clock clock;

    public AuditLog(Path file, Clock clock) throws IOException {
        HostState.privateDirectory(file.toAbsolutePath().getParent());
        this.channel = FileChannel.open(
                file,
                Set.of(
                        StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND,
                        StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        this.clock = clock;
    }

    /**
     * @param event   {@code started}, {@code refused}, {@code signed}, {@code executed}, {@code request}, …
     * @param details fixed fields; values must never be content
     */
    public synchronized void record(String event, Map<String, Object> details) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("at_ms", clock.millis());
        line.put("event", event);
        line.putAll(details);
        try {
            ByteBuffer buffer =
                    ByteBuffer.wrap((JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8));
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        } catch (IOException e) {
            // the decision stands; stdout is the envelope's, so the loss is said on stderr
            System.err.println("praefectus daemon: an audit line could not be written");
        }
    }

    /** The lengths and SHA-256 of an action's content (text, value, keys), never the content itself. */
    public static Map<String, Object> contentFacts(Action action) {
        String content = null;
        if (action instanceof Action.TypeText typed) {
            content = typed.text();
        } else if (action instanceof Action.Paste paste) {
            content = paste.text();
        } else if (action instanceof Action.SetValue value) {
            content = value.value();
        } else if (action instanceof Action.Press press) {
            content = press.key();
        } else if (action instanceof Action.Hotkey hotkey) {
            content = String.join("+", hotkey.keys());
        } else if (action instanceof Action.ClipboardWrite clipboard) {
            content = clipboard.text();
        }
        Map<String, Object> facts = new LinkedHashMap<>();
        if (content != null) {
            facts.put("content_length", content.length());
            facts.put("content_sha256", Sha256.hex(content.getBytes(StandardCharsets.UTF_8)));
        }
        return facts;
    }

    @Override
    public synchronized void close() throws IOException {
        channel.close();
    }
}
