package org.praefectus.mcp.host;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HexFormat;
import org.praefectus.api.host.HostState;

/**
 * The MCP host's own Ed25519 signing key: the host kit's key file ({@link
 * org.praefectus.api.host.HostKey#loadOrCreate}) in a private state directory, generated on first start.
 * A key file that others can read, or a directory others can write, is refused rather than used.
 */
public final class HostKey {

    static final String FILE_NAME = "host-key.ed25519";

    private final org.praefectus.api.host.HostKey key;

    private HostKey(org.praefectus.api.host.HostKey key) {
        this.key = key;
    }

    /** Loads the key from {@code stateDirectory}, creating directory and key when absent. */
    public static HostKey loadOrCreate(Path stateDirectory) throws IOException {
        return new HostKey(org.praefectus.api.host.HostKey.loadOrCreate(stateDirectory.resolve(FILE_NAME)));
    }

    /** The kit's key, for signing. */
    org.praefectus.api.host.HostKey key() {
        return key;
    }

    /** The public key as 64 hex digits, as the engine's pinned keyring expects it. */
    public String publicKeyHex() {
        return key.publicKeyHex();
    }

    /** A stable key id derived from the public key: {@code mcp-} and 16 hex digits. */
    public String keyId() {
        return key.derivedKeyId("mcp");
    }

    /** Ed25519 signature of {@code message}, 128 hex digits. */
    public String sign(byte[] message) {
        return HexFormat.of().formatHex(key.sign(message));
    }

    @Override
    public String toString() {
        return "HostKey[keyId=" + keyId() + "]";
    }

    /** Private directories for the host's state (the host kit's rule). */
    static final class PrivateFiles {
        private PrivateFiles() {}

        static void directory(Path directory) throws IOException {
            HostState.privateDirectory(directory);
        }
    }
}
