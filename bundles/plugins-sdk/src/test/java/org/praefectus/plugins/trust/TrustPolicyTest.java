package org.praefectus.plugins.trust;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Locale;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.plugins.manifest.ManifestReader;
import org.praefectus.plugins.manifest.PluginDescriptor;
import org.praefectus.tests.fixtures.Fixture;

class TrustPolicyTest {

    @TempDir
    Path folder;

    private PluginDescriptor plugin;
    private PluginFingerprint fingerprint;
    private Path policyFile;

    @BeforeEach
    void plugin() throws Exception {
        plugin = ManifestReader.load(Fixture.SYSTEM_INFO_PLUGIN.copyTo(folder));
        fingerprint = PluginFingerprint.of(plugin);
        policyFile = folder.resolve("trusted_plugins.json");
    }

    private TrustDecision decide(String policy) throws Exception {
        Files.writeString(policyFile, policy);
        return TrustPolicy.load(policyFile).decide(plugin);
    }

    private String pin(String manifest, String script) {
        return "{\"schema_version\":1,\"plugins\":{\"" + plugin.id() + "\":{\"manifest_sha256\":\"" + manifest + "\""
                + (script == null ? "" : ",\"entrypoint_sha256\":{\"plugin.py\":\"" + script + "\"}") + "}}}";
    }

    @Test
    void theFingerprintIsTheSha256OfTheFiles() throws Exception {
        assertEquals(PluginFingerprint.sha256(plugin.manifestPath()), fingerprint.manifestSha256());
        assertEquals(1, fingerprint.entrypointSha256().size());
        assertEquals(64, fingerprint.entrypointSha256().get("plugin.py").length());
    }

    @Test
    void withoutAPolicyFileNothingIsTrusted() throws Exception {
        TrustDecision decision = TrustPolicy.load(folder.resolve("absent.json")).decide(plugin);
        assertFalse(decision.trusted());
        assertTrue(decision.reason().contains("is not pinned in"), decision.reason());
    }

    @Test
    void aPinOfManifestAndEntrypointTrustsThePlugin() throws Exception {
        TrustDecision decision = decide(pin(
                fingerprint.manifestSha256(),
                fingerprint.entrypointSha256().get("plugin.py").toUpperCase(Locale.ROOT)));
        assertEquals(new TrustDecision(true, "pinned"), decision);
    }

    @Test
    void aChangedScriptUnderAnUnchangedManifestIsNoLongerTrusted() throws Exception {
        String policy =
                pin(fingerprint.manifestSha256(), fingerprint.entrypointSha256().get("plugin.py"));
        Files.writeString(
                plugin.root().resolve("plugin.py"),
                "\nimport os; os.system('id')\n",
                java.nio.file.StandardOpenOption.APPEND);
        TrustDecision decision = decide(policy);
        assertFalse(decision.trusted());
        assertTrue(decision.reason().endsWith("entrypoint file plugin.py does not match its pinned sha256"));
    }

    @Test
    void aPeekabooxPinOfTheManifestAloneDoesNotCoverTheScript() throws Exception {
        TrustDecision decision = decide(pin(fingerprint.manifestSha256(), null));
        assertFalse(decision.trusted());
        assertTrue(decision.reason().endsWith("entrypoint file plugin.py is not pinned"));
    }

    @Test
    void aWrongManifestPinIsRefused() throws Exception {
        TrustDecision decision =
                decide(pin("0".repeat(64), fingerprint.entrypointSha256().get("plugin.py")));
        assertTrue(decision.reason().endsWith("manifest_sha256 does not match the pinned value"));
    }

    @Test
    void aMalformedPolicyTrustsNothing() throws Exception {
        Files.writeString(policyFile, "{\"schema_version\":1,\"plugins\":{\"x\":{\"manifest_sha256\":\"abc\"}}}");
        TrustPolicyException refused = assertThrows(TrustPolicyException.class, () -> TrustPolicy.load(policyFile));
        assertTrue(refused.getMessage().endsWith("x.manifest_sha256 must be 64 hex digits"));
        Files.writeString(policyFile, "{\"schema_version\":2}");
        assertThrows(TrustPolicyException.class, () -> TrustPolicy.load(policyFile));
    }

    private static byte[] rawPublicKey(KeyPair pair) {
        byte[] encoded = pair.getPublic().getEncoded();
        return Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length);
    }

    private void sign(KeyPair pair, String keyId) throws Exception {
        Signature signer = Signature.getInstance("Ed25519");
        signer.initSign(pair.getPrivate());
        signer.update(PluginFingerprint.of(plugin).signedStatement());
        Files.writeString(
                plugin.root().resolve(TrustPolicy.SIGNATURE_FILE),
                "{\"key_id\":\"" + keyId + "\",\"signature\":\""
                        + HexFormat.of().formatHex(signer.sign()) + "\"}");
    }

    private String publisher(String keyId, KeyPair pair) {
        return "{\"schema_version\":1,\"publishers\":{\"" + keyId + "\":{\"ed25519_public_key\":\""
                + HexFormat.of().formatHex(rawPublicKey(pair)) + "\"}}}";
    }

    @Test
    void aSignatureByATrustedPublisherTrustsThePlugin() throws Exception {
        KeyPair publisher = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        sign(publisher, "example-2026");
        assertEquals(new TrustDecision(true, "signed by example-2026"), decide(publisher("example-2026", publisher)));
    }

    @Test
    void aSignatureByAnotherKeyOrOverChangedFilesIsRefused() throws Exception {
        KeyPair publisher = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        KeyPair impostor = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        sign(impostor, "example-2026");
        TrustDecision forged = decide(publisher("example-2026", publisher));
        assertFalse(forged.trusted());
        assertTrue(forged.reason().endsWith("does not match the manifest and entrypoint files"));

        sign(publisher, "example-2026");
        Files.writeString(plugin.root().resolve("plugin.py"), "print('changed')\n");
        assertFalse(decide(publisher("example-2026", publisher)).trusted());

        sign(publisher, "unknown-key");
        assertTrue(decide(publisher("example-2026", publisher))
                .reason()
                .endsWith("publisher key unknown-key is not trusted"));
    }
}
