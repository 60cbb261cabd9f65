package org.praefectus.api.host;

import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonFormatException;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.StrictJsonParser;

/**
 * The one audit writer of every host: each {@link AuditLine} as one JSON line in a private (0600) file, in the one
 * schema {@link AuditLine} describes, stamped with the time and this log's surface ({@code mcp}, {@code daemon}).
 *
 * <p>Content is hashed with HMAC-SHA256 under a per-host secret ({@value #KEY_FILE} beside the log, 32 random bytes,
 * 0600), so equal content shows as equal lines of this host while a PIN or a dictionary password cannot be recovered
 * from the log alone by hashing candidates (issue 40: a plain SHA-256 allowed exactly that).
 *
 * <p>A line that cannot be written is said on stderr (stdout may be a protocol's) and the decision stands. Thread-safe.
 */
public final class AuditLog implements AutoCloseable {

    /** The per-host secret of the content hashes, in the log's folder. */
    public static final String KEY_FILE = "audit-hmac.key";

    /** How many recent lines {@link #recent()} keeps. */
    public static final int RECENT = 100;

    private static final int KEY_BYTES = 32;
    private static final int MAX_LINE_BYTES = 64 * 1024;

    private final Path file;
    private final String surface;
    private final FileChannel channel;
    private final Clock clock;
    private final SecretKeySpec contentKey;
    private final ArrayDeque<Map<String, Object>> recent = new ArrayDeque<>();

    /**
     * Opens (creating 0600) the log {@code file} of {@code surface}; its folder is made private (0700) and holds the
     * content key, read or created.
     *
     * @throws IOException when the folder, the key or the file cannot be made or read
     */
    public AuditLog(Path file, String surface, Clock clock) throws IOException {
        if (surface == null || !surface.matches("[a-z][a-z0-9_-]{0,31}")) {
            throw new IllegalArgumentException("surface must be a short lowercase name");
        }
        Path folder = HostState.privateDirectory(file.toAbsolutePath().getParent());
        this.contentKey = new SecretKeySpec(loadOrCreateKey(folder.resolve(KEY_FILE)), "HmacSHA256");
        this.file = file;
        this.surface = surface;
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

    /** Appends {@code line}. */
    public synchronized void record(AuditLine line) {
        JsonValue.JsonObject.Builder json = JsonValue.JsonObject.builder()
                .put("at_ms", clock.millis())
                .put("surface", surface)
                .put("event", line.event())
                .put("decision", line.decision());
        line.fields().forEach((key, value) -> json.put(key, (String) value));
        if (line.content() != null) {
            json.put("content_length", line.content().length());
            json.put("content_hmac_sha256", hmac(line.content()));
        }
        line.facts().forEach((key, value) -> {
            if (value instanceof Long number) {
                json.put(key, number.longValue());
            } else if (value instanceof Boolean flag) {
                json.put(key, flag.booleanValue());
            } else {
                json.put(key, (String) value);
            }
        });
        JsonValue.JsonObject written = json.build();
        if (recent.size() == RECENT) {
            recent.removeFirst();
        }
        recent.addLast(plain(written));
        byte[] bytes = CanonicalJson.compact(written);
        ByteBuffer buffer = ByteBuffer.allocate(bytes.length + 1)
                .put(bytes)
                .put((byte) '\n')
                .flip();
        try {
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        } catch (IOException e) {
            System.err.println("praefectus " + surface + ": an audit line could not be written");
        }
    }

    /** This log's most recent lines (at most {@value #RECENT}, oldest first), as they were written. */
    public synchronized List<Map<String, Object>> recent() {
        return List.copyOf(recent);
    }

    /** Lines read back: the newest {@code limit} that matched, oldest first, and whether older matches were left out. */
    public record Lines(List<Map<String, Object>> lines, boolean truncated) {
        public Lines {
            lines = List.copyOf(lines);
        }
    }

    /**
     * The lines of this log's file (every host that shares the file wrote them) at or after {@code sinceMs} that
     * {@code filter} keeps: the newest {@code limit}, oldest first. A line that is not a JSON object (a torn write)
     * is skipped.
     *
     * @throws IOException when the file cannot be read
     */
    public Lines read(Predicate<Map<String, Object>> filter, long sinceMs, int limit) throws IOException {
        ArrayDeque<Map<String, Object>> kept = new ArrayDeque<>();
        boolean truncated = false;
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String text = reader.readLine(); text != null; text = reader.readLine()) {
                Map<String, Object> line = parsed(text);
                if (line == null || !(line.get("at_ms") instanceof Long at) || at < sinceMs || !filter.test(line)) {
                    continue;
                }
                if (kept.size() == limit) {
                    kept.removeFirst();
                    truncated = true;
                }
                kept.addLast(line);
            }
        }
        return new Lines(List.copyOf(kept), truncated);
    }

    @Override
    public synchronized void close() throws IOException {
        channel.close();
    }

    private static Map<String, Object> parsed(String text) {
        try {
            JsonValue value = StrictJsonParser.parse(text.getBytes(StandardCharsets.UTF_8), MAX_LINE_BYTES);
            return value instanceof JsonValue.JsonObject object ? plain(object) : null;
        } catch (JsonFormatException e) {
            return null;
        }
    }

    /** A line as plain values: strings, booleans and longs (every number of a line is one). */
    private static Map<String, Object> plain(JsonValue.JsonObject line) {
        Map<String, Object> values = new LinkedHashMap<>();
        line.members().forEach((key, member) -> {
            Object value = member.toPlain();
            values.put(key, value instanceof BigInteger number ? (Object) number.longValue() : value);
        });
        return Collections.unmodifiableMap(values);
    }

    private String hmac(String content) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(contentKey);
            return HexFormat.of().formatHex(mac.doFinal(content.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java platform provides HmacSHA256", e);
        }
    }

    /** The per-host secret: read (a regular file of exactly 32 bytes), or created 0600 with fresh random bytes. */
    private static byte[] loadOrCreateKey(Path keyFile) throws IOException {
        try (FileChannel created = FileChannel.open(
                keyFile,
                Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
            byte[] key = new byte[KEY_BYTES];
            new SecureRandom().nextBytes(key);
            ByteBuffer buffer = ByteBuffer.wrap(key);
            while (buffer.hasRemaining()) {
                created.write(buffer);
            }
            created.force(true);
            return key;
        } catch (FileAlreadyExistsException exists) {
            try (FileChannel existing = FileChannel.open(keyFile, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                if (existing.size() != KEY_BYTES) {
                    throw new IOException("the audit key is not " + KEY_BYTES + " bytes");
                }
                ByteBuffer key = ByteBuffer.allocate(KEY_BYTES);
                while (key.hasRemaining() && existing.read(key) >= 0) {
                    // reads the whole key
                }
                return key.array();
            }
        }
    }
}
