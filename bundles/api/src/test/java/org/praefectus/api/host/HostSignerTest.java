package org.praefectus.api.host;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.ProtocolHashes;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

class HostSignerTest {

    // RFC 8032 section 7.1, test 1: the independent known answer for seed, public key and signature
    private static final String RFC_SEED = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
    private static final String RFC_PUBLIC = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
    private static final String RFC_EMPTY_SIGNATURE = "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
            + "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b";

    static RequestDraft draft(String operationId) {
        SemanticTargetRef element =
                new SemanticTargetRef(hash("observation"), 1, hash("provenance"), hash("element"), hash("fingerprint"));
        return new RequestDraft(
                operationId,
                "subject-1",
                "session-1",
                new Action.Invoke(),
                new TargetRef.Element(element),
                InteractionMode.INTERACTIVE,
                4_000_000_000_000L,
                new VerificationPolicy.None(),
                SafetyClass.REVERSIBLE);
    }

    static String hash(String label) {
        return Sha256.hex(label.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aRawSeedGivesTheRfc8032KeyAndSignature() {
        HostKey key = HostKey.fromSeed(HexFormat.of().parseHex(RFC_SEED));
        assertEquals(RFC_PUBLIC, key.publicKeyHex());
        assertEquals(RFC_EMPTY_SIGNATURE, HexFormat.of().formatHex(key.sign(new byte[0])));
        assertThrows(IllegalArgumentException.class, () -> HostKey.fromSeed(new byte[31]));
    }

    @Test
    void theGrantBindsTheCanonicalActionHashAndVerifiesWithTheJdk() throws Exception {
        HostSigner signer = new HostSigner(HostKey.generate(), "host", "key-1", "gen-1");
        RequestDraft draft = draft("op-1");
        ActionRequest signed = signer.sign(draft, 4_000_000_000_000L);

        assertEquals(
                ProtocolHashes.normalizedActionHash(signed),
                signed.authority().grant().actionHash());
        assertEquals(draft.actionHash(), signed.authority().grant().actionHash());
        assertEquals("op-1", signed.authority().grant().operationId());
        assertEquals(draft, RequestDraft.of(signed));

        Signature jdk = Signature.getInstance("Ed25519");
        jdk.initVerify(KeyFactory.getInstance("Ed25519")
                .generatePublic(new X509EncodedKeySpec(signer.pinnedIssuer().publicKeyX509())));
        jdk.update(ProtocolHashes.canonicalGrantBytes(signed.authority().grant()));
        assertTrue(jdk.verify(HexFormat.of().parseHex(signed.authority().signature())));
    }

    @Test
    void theSameDraftSignedLaterHasTheSameHashAndAnotherActionDoesNot() throws Exception {
        HostSigner signer = new HostSigner(HostKey.generate(), "host", "key-1", "gen-1");
        ActionRequest first = signer.sign(draft("op-1"), 4_000_000_000_000L);
        ActionRequest later = signer.sign(draft("op-1"), 4_000_000_100_000L);
        assertEquals(
                first.authority().grant().actionHash(),
                later.authority().grant().actionHash());
        RequestDraft other = new RequestDraft(
                "op-1",
                "subject-1",
                "session-1",
                new Action.Invoke(),
                draft("op-1").target(),
                InteractionMode.BACKGROUND_ONLY,
                4_000_000_000_000L,
                new VerificationPolicy.None(),
                SafetyClass.REVERSIBLE);
        assertNotEquals(draft("op-1").actionHash(), other.actionHash());
    }

    @Test
    void pkcs8AndX509KeysFromTheJdkAreAccepted() throws Exception {
        KeyPair jdk = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        HostKey key = HostKey.fromPkcs8(jdk.getPrivate().getEncoded());
        PinnedIssuer pinned =
                PinnedIssuer.ofX509("host", "key-1", "gen-1", jdk.getPublic().getEncoded());

        assertEquals(pinned.publicKeyHex(), key.publicKeyHex());
        assertArrayEquals(jdk.getPublic().getEncoded(), pinned.publicKeyX509());
        assertEquals(key.publicKeyHex(), HostKey.fromPkcs8(key.pkcs8()).publicKeyHex());
        assertThrows(IllegalArgumentException.class, () -> HostKey.fromPkcs8(new byte[] {1, 2, 3}));
        assertThrows(
                IllegalArgumentException.class,
                () -> PinnedIssuer.ofX509(
                        "host", "key-1", "gen-1", jdk.getPrivate().getEncoded()));
    }

    @Test
    void theUnsignedDraftCarriesOnlyPlaceholders() throws Exception {
        ActionRequest unsigned = draft("op-1").unsigned();
        assertEquals("0".repeat(64), unsigned.authority().grant().actionHash());
        assertEquals("0".repeat(128), unsigned.authority().signature());
        assertEquals(draft("op-1").actionHash(), ProtocolHashes.normalizedActionHash(unsigned));
    }

    @Test
    void keyMaterialStaysOutOfToString() {
        HostKey key = HostKey.fromSeed(HexFormat.of().parseHex(RFC_SEED));
        assertTrue(key.toString().contains(RFC_PUBLIC));
        assertTrue(!key.toString().contains(RFC_SEED));
    }
}
