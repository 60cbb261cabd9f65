package org.praefectus.daemon.host;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.praefectus.api.host.HostState;
import org.praefectus.api.protocol.Action;

/**
 * The daemon's audit log: one JSON line per decision in a private (0600) file. A line holds the event, a
 * fixed reason code, the operation id, the action kind and hash, content lengths and keyed content hashes: never
 * typed text, values, keys, clipboard contents, selectors, paths or tokens.
 *
 * <p>Content is hashed with HMAC-SHA256 under a per-host secret ({@value #KEY_FILE} beside the log, 32 random
 * bytes, 0600), so equal content still shows as equal lines of this host while a PIN or a dictionary password
 * cannot be recovered from the log alone by hashing candidates (issue 40: the plain SHA-256 allowed exactly that).
 */
public final class AuditLog implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The per-host secret of the content hashes, in the log's folder. */
    static final String KEY_FILE = "audit-hmac.key";

    private static final int KEY_BYTES = 32;

    private final FileChannel channel;
    private final Clock clock;
    private final SecretKeySpec contentKey;

    public AuditLog(Path file, Clock clock) throws IOException {
        Path folder = HostState.privateDirectory(file.toAbsolutePath().getParent());
        this.contentKey = new SecretKeySpec(loadOrCreateKey(folder.resolve(KEY_FILE)), "HmacSHA256");
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

    /** The length and the keyed hash (HMAC-SHA256) of an action's content (text, value, keys), never the content. */
    public Map<String, Object> contentFacts(Action action) {
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
            facts.put("content_hmac_sha256", hmac(content));
        }
        return facts;
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

    @Override
    public synchronized void close() throws IOException {
        channel.close();
    }
}
