package org.praefectus.plugins.trust;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.praefectus.plugins.manifest.PluginDescriptor;

/**
 * The plugins this host trusts: PeekabooX's {@code trusted_plugins.json}, extended.
 *
 * <pre>{@code
 * {
 *   "schema_version": 1,
 *   "plugins": {
 *     "org.example.plugin": {
 *       "manifest_sha256": "<hex>",
 *       "entrypoint_sha256": { "plugin.py": "<hex>" }
 *     }
 *   },
 *   "publishers": {
 *     "example-2026": { "ed25519_public_key": "<64 hex>" }
 *   }
 * }
 * }</pre>
 * A pinned plugin is trusted when its manifest and every entrypoint file match their pins; an entrypoint
 * file without a pin is not trusted (PeekabooX pins only the manifest, which would let the script change
 * under an unchanged manifest). A plugin without a pin is trusted when its directory carries
 * {@value #SIGNATURE_FILE} ({@code {"key_id": "...", "signature": "<128 hex>"}}), an Ed25519 signature by
 * a listed publisher over {@link PluginFingerprint#signedStatement()}.
 */
public final class TrustPolicy {

    public static final String SIGNATURE_FILE = "praefectus.plugin.sig";

    private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    private static final Pattern SHA256 = Pattern.compile("[0-9a-fA-F]{64}");
    /** DER prefix of an X.509 SubjectPublicKeyInfo for Ed25519 (RFC 8410); the raw key follows. */
    private static final byte[] ED25519_SPKI_PREFIX = HexFormat.of().parseHex("302a300506032b6570032100");

    private record Pin(String manifestSha256, Map<String, String> entrypointSha256) {}

    private final Path source;
    private final Map<String, Pin> pins;
    private final Map<String, PublicKey> publishers;

    private TrustPolicy(Path source, Map<String, Pin> pins, Map<String, PublicKey> publishers) {
        this.source = source;
        this.pins = Map.copyOf(pins);
        this.publishers = Map.copyOf(publishers);
    }

    /** PeekabooX's default location: {@code $XDG_CONFIG_HOME/peekaboox/trusted_plugins.json}. */
    public static Path defaultPath(Map<String, String> environment) {
        String config = environment.get("XDG_CONFIG_HOME");
        Path base = config != null && !config.isEmpty()
                ? Path.of(config)
                : Path.of(environment.getOrDefault("HOME", System.getProperty("user.home")), ".config");
        return base.resolve("peekaboox").resolve("trusted_plugins.json");
    }

    /** Reads a policy; a file that does not exist is a policy that trusts nothing. */
    public static TrustPolicy load(Path file) throws TrustPolicyException {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readAllBytes(file));
        } catch (NoSuchFileException missing) {
            return new TrustPolicy(file, Map.of(), Map.of());
        } catch (IOException malformed) {
            throw new TrustPolicyException("trust policy " + file + " is not valid JSON");
        }
        if (root == null
                || !root.isObject()
                || root.path("schema_version").asInt(-1) != 1
                || !root.path("schema_version").isIntegralNumber()) {
            throw new TrustPolicyException("trust policy " + file + " must be an object with schema_version 1");
        }
        Map<String, Pin> pins = new HashMap<>();
        for (Map.Entry<String, JsonNode> entry : root.path("plugins").properties()) {
            JsonNode pin = entry.getValue();
            String manifest = hash(file, entry.getKey() + ".manifest_sha256", pin.get("manifest_sha256"));
            Map<String, String> files = new HashMap<>();
            for (Map.Entry<String, JsonNode> pinned :
                    pin.path("entrypoint_sha256").properties()) {
                files.put(pinned.getKey(), hash(file, entry.getKey() + ".entrypoint_sha256", pinned.getValue()));
            }
            pins.put(entry.getKey(), new Pin(manifest, files));
        }
        Map<String, PublicKey> publishers = new HashMap<>();
        for (Map.Entry<String, JsonNode> entry : root.path("publishers").properties()) {
            JsonNode key = entry.getValue().get("ed25519_public_key");
            if (key == null || !key.isTextual() || !key.asText().matches("[0-9a-fA-F]{64}")) {
                throw new TrustPolicyException("trust policy " + file + ": publisher " + entry.getKey()
                        + " needs ed25519_public_key as 64 hex digits");
            }
            publishers.put(entry.getKey(), ed25519(HexFormat.of().parseHex(key.asText()), file));
        }
        return new TrustPolicy(file, pins, publishers);
    }

    private static String hash(Path file, String label, JsonNode node) throws TrustPolicyException {
        if (node == null || !node.isTextual() || !SHA256.matcher(node.asText()).matches()) {
            throw new TrustPolicyException("trust policy " + file + ": " + label + " must be 64 hex digits");
        }
        return node.asText().toLowerCase(java.util.Locale.ROOT);
    }

    private static PublicKey ed25519(byte[] raw, Path file) throws TrustPolicyException {
        byte[] encoded = new byte[ED25519_SPKI_PREFIX.length + raw.length];
        System.arraycopy(ED25519_SPKI_PREFIX, 0, encoded, 0, ED25519_SPKI_PREFIX.length);
        System.arraycopy(raw, 0, encoded, ED25519_SPKI_PREFIX.length, raw.length);
        try {
            return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(encoded));
        } catch (GeneralSecurityException invalid) {
            throw new TrustPolicyException("trust policy " + file + ": a publisher key is not an Ed25519 key");
        }
    }

    /** Where this policy was read from. */
    public Path source() {
        return source;
    }

    /** Whether this policy pins {@code pluginId}: its files were reviewed once, and a change to them is a tamper. */
    public boolean pins(String pluginId) {
        return pins.containsKey(pluginId);
    }

    /** Decides on the plugin's files as they are on disk now. */
    public TrustDecision decide(PluginDescriptor plugin) {
        PluginFingerprint fingerprint;
        try {
            fingerprint = PluginFingerprint.of(plugin);
        } catch (IOException unreadable) {
            return TrustDecision.refused("plugin " + plugin.id() + ": its files cannot be read for hashing");
        }
        Pin pin = pins.get(plugin.id());
        if (pin != null) {
            return byPin(fingerprint, pin);
        }
        Path signature = plugin.root().resolve(SIGNATURE_FILE);
        if (Files.isRegularFile(signature)) {
            return bySignature(fingerprint, signature);
        }
        return TrustDecision.refused(
                "plugin " + plugin.id() + " is not pinned in " + source + " and carries no publisher signature");
    }

    private TrustDecision byPin(PluginFingerprint fingerprint, Pin pin) {
        String id = fingerprint.pluginId();
        if (!pin.manifestSha256().equals(fingerprint.manifestSha256())) {
            return TrustDecision.refused("plugin " + id + ": manifest_sha256 does not match the pinned value");
        }
        for (Map.Entry<String, String> file : fingerprint.entrypointSha256().entrySet()) {
            String pinned = pin.entrypointSha256().get(file.getKey());
            if (pinned == null) {
                return TrustDecision.refused("plugin " + id + ": entrypoint file " + file.getKey() + " is not pinned");
            }
            if (!pinned.equals(file.getValue())) {
                return TrustDecision.refused(
                        "plugin " + id + ": entrypoint file " + file.getKey() + " does not match its pinned sha256");
            }
        }
        return TrustDecision.trusted("pinned");
    }

    private TrustDecision bySignature(PluginFingerprint fingerprint, Path file) {
        String id = fingerprint.pluginId();
        JsonNode signature;
        try {
            signature = JSON.readTree(Files.readAllBytes(file));
        } catch (IOException malformed) {
            return TrustDecision.refused("plugin " + id + ": " + SIGNATURE_FILE + " is not valid JSON");
        }
        String keyId = Optional.ofNullable(signature)
                .map(node -> node.path("key_id").asText(null))
                .orElse(null);
        String hex = Optional.ofNullable(signature)
                .map(node -> node.path("signature").asText(null))
                .orElse(null);
        if (keyId == null || hex == null || !hex.matches("[0-9a-fA-F]{128}")) {
            return TrustDecision.refused(
                    "plugin " + id + ": " + SIGNATURE_FILE + " needs key_id and a 128 hex digit signature");
        }
        PublicKey key = publishers.get(keyId);
        if (key == null) {
            return TrustDecision.refused("plugin " + id + ": publisher key " + keyId + " is not trusted");
        }
        try {
            Signature verifier = Signature.getInstance("Ed25519");
            verifier.initVerify(key);
            verifier.update(fingerprint.signedStatement());
            if (verifier.verify(HexFormat.of().parseHex(hex))) {
                return TrustDecision.trusted("signed by " + keyId);
            }
        } catch (GeneralSecurityException invalid) {
            // an unverifiable signature is a bad signature
        }
        return TrustDecision.refused(
                "plugin " + id + ": the signature by " + keyId + " does not match the manifest and entrypoint files");
    }
}
