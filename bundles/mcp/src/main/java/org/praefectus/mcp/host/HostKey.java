package org.praefectus.mcp.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.crypto.signers.Ed25519Signer;
import org.praefectus.api.canonical.Sha256;

/**
 * The MCP host's own Ed25519 signing key. Generated on first start as a 32-byte seed (hex) in a private
 * state directory: the directory is 0700, the file 0600 and created exclusively, never through a symlink.
 * A key file that others can read, or a directory others can write, is refused rather than used.
 */
public final class HostKey {

    static final String FILE_NAME = "host-key.ed25519";
    private static final Set<PosixFilePermission> FILE_MODE =
            EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);

    private final Ed25519PrivateKeyParameters key;
    private final String publicKeyHex;

    private HostKey(Ed25519PrivateKeyParameters key) {
        this.key = key;
        this.publicKeyHex = HexFormat.of().formatHex(key.generatePublicKey().getEncoded());
    }

    /** Loads the key from {@code stateDirectory}, creating directory and key when absent. */
    public static HostKey loadOrCreate(Path stateDirectory) throws IOException {
        PrivateFiles.directory(stateDirectory);
        Path file = stateDirectory.resolve(FILE_NAME);
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            byte[] seed = new byte[32];
            new SecureRandom().nextBytes(seed);
            try {
                Files.write(
                        file,
                        HexFormat.of().formatHex(seed).getBytes(StandardCharsets.US_ASCII),
                        StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS);
                Files.setPosixFilePermissions(file, FILE_MODE);
            } catch (FileAlreadyExistsException raced) {
                // another process created it first: use that one
            }
        }
        if (Files.isSymbolicLink(file) || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("the host key is not a regular file");
        }
        if (!Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS).equals(FILE_MODE)) {
            throw new IOException("the host key file must have mode 0600");
        }
        String hex = Files.readString(file, StandardCharsets.US_ASCII).strip();
        byte[] seed;
        try {
            seed = HexFormat.of().parseHex(hex);
        } catch (IllegalArgumentException e) {
            throw new IOException("the host key file is malformed");
        }
        if (seed.length != 32) {
            throw new IOException("the host key file is malformed");
        }
        return new HostKey(new Ed25519PrivateKeyParameters(seed, 0));
    }

    /** The public key as 64 hex digits, as the engine's pinned keyring expects it. */
    public String publicKeyHex() {
        return publicKeyHex;
    }

    /** A stable key id derived from the public key: {@code mcp-} and 16 hex digits. */
    public String keyId() {
        return "mcp-"
                + Sha256.hex(publicKeyHex.getBytes(StandardCharsets.US_ASCII)).substring(0, 16);
    }

    /** Ed25519 signature of {@code message}, 128 hex digits. */
    public String sign(byte[] message) {
        Ed25519Signer signer = new Ed25519Signer();
        signer.init(true, key);
        signer.update(message, 0, message.length);
        return HexFormat.of().formatHex(signer.generateSignature());
    }

    @Override
    public String toString() {
        return "HostKey[keyId=" + keyId() + "]";
    }

    /** Private directories and files for the host's state. */
    static final class PrivateFiles {
        private PrivateFiles() {}

        static void directory(Path directory) throws IOException {
            if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(
                        directory, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwx------"));
            }
            if (Files.isSymbolicLink(directory) || !Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException("the state directory is not a directory");
            }
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(directory, LinkOption.NOFOLLOW_LINKS);
            if (mode.contains(PosixFilePermission.GROUP_WRITE)
                    || mode.contains(PosixFilePermission.OTHERS_WRITE)
                    || mode.contains(PosixFilePermission.OTHERS_READ)) {
                throw new IOException("the state directory must not be readable or writable by others");
            }
        }
    }
}
