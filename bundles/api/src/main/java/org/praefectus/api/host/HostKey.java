package org.praefectus.api.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import org.bouncycastle.crypto.params.AsymmetricKeyParameter;
import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters;
import org.bouncycastle.crypto.signers.Ed25519Signer;
import org.bouncycastle.crypto.util.PrivateKeyFactory;
import org.bouncycastle.crypto.util.PrivateKeyInfoFactory;
import org.praefectus.api.canonical.Sha256;

/**
 * A host's Ed25519 signing key (BouncyCastle). Created from a 32-byte seed (the raw RFC 8032 private key),
 * from a PKCS#8 {@code PrivateKeyInfo}, freshly generated, or loaded from a private key file. The key
 * material never appears in {@code toString}. Immutable and thread-safe.
 */
public final class HostKey {

    /** The length of a raw Ed25519 private key (seed) and of a public key, in bytes. */
    public static final int KEY_BYTES = 32;

    private final Ed25519PrivateKeyParameters key;
    private final byte[] publicKey;

    private HostKey(Ed25519PrivateKeyParameters key) {
        this.key = key;
        this.publicKey = key.generatePublicKey().getEncoded();
    }

    /** A new random key (the JDK's {@link SecureRandom}). */
    public static HostKey generate() {
        return new HostKey(new Ed25519PrivateKeyParameters(new SecureRandom()));
    }

    /**
     * The key with this raw 32-byte seed; the array is copied.
     *
     * @throws IllegalArgumentException when {@code seed} is not 32 bytes
     */
    public static HostKey fromSeed(byte[] seed) {
        if (seed == null || seed.length != KEY_BYTES) {
            throw new IllegalArgumentException("an Ed25519 seed is 32 bytes");
        }
        return new HostKey(new Ed25519PrivateKeyParameters(seed.clone(), 0));
    }

    /**
     * The key in a DER-encoded PKCS#8 {@code PrivateKeyInfo}, as {@code openssl genpkey -algorithm ed25519}
     * and the JDK's {@code PrivateKey.getEncoded()} write it.
     *
     * @throws IllegalArgumentException when the encoding is not an Ed25519 PKCS#8 key
     */
    public static HostKey fromPkcs8(byte[] der) {
        AsymmetricKeyParameter parsed;
        try {
            parsed = PrivateKeyFactory.createKey(der);
        } catch (IOException | RuntimeException malformed) {
            throw new IllegalArgumentException("not a PKCS#8 private key");
        }
        if (!(parsed instanceof Ed25519PrivateKeyParameters ed25519)) {
            throw new IllegalArgumentException("not an Ed25519 private key");
        }
        return new HostKey(ed25519);
    }

    /**
     * Loads the key kept in {@code file} (64 hex digits of the seed), creating it with a new random seed when
     * absent. The file is 0600, created exclusively and never followed through a symlink; its directory must
     * be private ({@link HostState#privateDirectory}). A key file others can read is refused, not used.
     *
     * @throws IOException when the file or its directory is not private, or the file is malformed
     */
    public static HostKey loadOrCreate(Path file) throws IOException {
        HostState.privateDirectory(file.toAbsolutePath().getParent());
        byte[] fresh = new byte[KEY_BYTES];
        new SecureRandom().nextBytes(fresh);
        String hex = HostState.readOrCreatePrivateFile(
                        file, HexFormat.of().formatHex(fresh).getBytes(StandardCharsets.US_ASCII))
                .strip();
        Arrays.fill(fresh, (byte) 0);
        byte[] seed;
        try {
            seed = HexFormat.of().parseHex(hex);
        } catch (IllegalArgumentException e) {
            throw new IOException("the host key file is malformed");
        }
        if (seed.length != KEY_BYTES) {
            throw new IOException("the host key file is malformed");
        }
        return fromSeed(seed);
    }

    /** The raw 32-byte public key (a copy). */
    public byte[] publicKey() {
        return publicKey.clone();
    }

    /** The public key as 64 lowercase hex digits, as pinned-key entries carry it. */
    public String publicKeyHex() {
        return HexFormat.of().formatHex(publicKey);
    }

    /** A stable key id derived from the public key: {@code prefix-} and 16 hex digits of its SHA-256. */
    public String derivedKeyId(String prefix) {
        return prefix + "-"
                + Sha256.hex(publicKeyHex().getBytes(StandardCharsets.US_ASCII)).substring(0, 16);
    }

    /** The private key as a DER-encoded PKCS#8 {@code PrivateKeyInfo}, for a host's own key storage. */
    public byte[] pkcs8() {
        try {
            return PrivateKeyInfoFactory.createPrivateKeyInfo(key).getEncoded();
        } catch (IOException impossible) {
            throw new IllegalStateException("cannot encode an Ed25519 key", impossible);
        }
    }

    /** The Ed25519 signature of {@code message} (64 bytes). */
    public byte[] sign(byte[] message) {
        Ed25519Signer signer = new Ed25519Signer();
        signer.init(true, key);
        signer.update(message, 0, message.length);
        return signer.generateSignature();
    }

    @Override
    public String toString() {
        return "HostKey[publicKey=" + publicKeyHex() + "]";
    }
}
