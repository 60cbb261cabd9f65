package org.praefectus.mcp.host;

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

/**
 * Appends every capability, confirmation and execution decision as one JSON line to a private (0600)
 * file. Entries carry the tool, the decision, a reason code, the operation id, the action hash and
 * lengths only: never typed text, values, keys, selectors, names or image bytes.
 */
public final class AuditLog implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** How many recent lines {@link #recent} keeps, for the {@code praefectus://audit/recent} resource. */
    static final int RECENT = 100;

    private final Path file;
    private final FileChannel channel;
    private final Clock clock;
    private final java.util.ArrayDeque<Map<String, Object>> recent = new java.util.ArrayDeque<>();

    public AuditLog(Path file, Clock clock) throws IOException {
        HostKey.PrivateFiles.directory(file.toAbsolutePath().getParent());
        this.file = file;
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
     * One decision.
     *
     * @param tool     the MCP tool
     * @param decision {@code allowed}, {@code refused}, {@code confirmed}, {@code declined}, {@code executed}, ...
     * @param reason   a fixed snake_case code, or {@code null}
     * @param details  more fixed fields (operation id, action hash, action kind, lengths, terminal); values
     *                 must never be content
     */
    public synchronized void record(String tool, String decision, String reason, Map<String, Object> details) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("at_ms", clock.millis());
        line.put("tool", tool);
        line.put("decision", decision);
        if (reason != null) {
            line.put("reason", reason);
        }
        line.putAll(details);
        if (recent.size() == RECENT) {
            recent.removeFirst();
        }
        recent.addLast(java.util.Collections.unmodifiableMap(line));
        try {
            byte[] bytes = (JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8);
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        } catch (IOException e) {
            // the decision stands; a lost audit line is reported on stderr (never stdout: stdio is MCP)
            System.err.println("praefectus mcp: audit line could not be written");
        }
    }

    /** This log's most recent lines (at most {@value #RECENT}, oldest first), as they were written. */
    public synchronized java.util.List<Map<String, Object>> recent() {
        return java.util.List.copyOf(recent);
    }

    /** Lines read back: the newest {@code limit} that matched, oldest first, and whether older matches were left out. */
    public record Lines(java.util.List<Map<String, Object>> lines, boolean truncated) {}

    /**
     * The lines of this log's file (every server that shares the file wrote them) at or after {@code sinceMs} that
     * {@code filter} keeps: the newest {@code limit}, oldest first. A line that is not a JSON object (a torn write) is
     * skipped.
     *
     * @throws IOException when the file cannot be read
     */
    public Lines read(java.util.function.Predicate<Map<String, Object>> filter, long sinceMs, int limit)
            throws IOException {
        java.util.ArrayDeque<Map<String, Object>> kept = new java.util.ArrayDeque<>();
        boolean truncated = false;
        try (java.io.BufferedReader reader = java.nio.file.Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String text = reader.readLine(); text != null; text = reader.readLine()) {
                Map<String, Object> line = parsed(text);
                if (line == null
                        || !(line.get("at_ms") instanceof Number at)
                        || at.longValue() < sinceMs
                        || !filter.test(line)) {
                    continue;
                }
                if (kept.size() == limit) {
                    kept.removeFirst();
                    truncated = true;
                }
                kept.addLast(line);
            }
        }
        return new Lines(java.util.List.copyOf(kept), truncated);
    }

    @SuppressWarnings("unchecked") // a JSON object reads as a Map with String keys
    private static Map<String, Object> parsed(String text) {
        try {
            return JSON.readValue(text, LinkedHashMap.class);
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public synchronized void close() throws IOException {
        channel.close();
    }
}
