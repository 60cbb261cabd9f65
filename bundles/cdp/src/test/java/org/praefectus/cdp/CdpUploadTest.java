package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.praefectus.cdp.CdpObservationTest.named;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * File upload as {@code set_value} on a file input, from the host's upload folder only: end to end through the engine
 * with a signed grant, and refused without effect for anything outside the folder.
 */
class CdpUploadTest {

    private static Chromium chromium;

    @TempDir
    Path uploads;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    private static VerificationPolicy valueHash(String value) {
        return new VerificationPolicy.TargetValueHash(Sha256.hex(value.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aSignedUploadFromTheHostsFolderReachesThePage() throws Exception {
        Files.writeString(uploads.resolve("report.txt"), "quarterly numbers\nline two");
        Files.writeString(uploads.resolve("notes.txt"), "notes");
        String target = chromium.open("upload.html");
        try (CdpExecutor executor = CdpExecutor.connect(CdpConfig.hostIsolated(
                                chromium.endpoint(),
                                target,
                                chromium.pid(),
                                CdpConfig.processGeneration(chromium.pid()))
                        .withUploadDirectory(uploads));
                TestHost host = new TestHost(executor)) {
            SemanticObservation observation =
                    executor.observeSemantic(new CancellationToken(), System.currentTimeMillis() + 10_000);
            TargetRef attachment = new TargetRef.Element(observation.target(observation.elements().stream()
                    .filter(e -> "Attachment".equals(e.name()))
                    .findFirst()
                    .orElseThrow()
                    .tag()));
            ExecuteReport upload = host.engine()
                    .execute(
                            host.sign(
                                    UUID.randomUUID() + "-upload",
                                    new Action.SetValue("report.txt\nnotes.txt"),
                                    attachment,
                                    valueHash("report.txt\nnotes.txt")),
                            new CancellationToken());
            assertTrue(upload.succeededVerified(), upload.toJson()::toString);
            PageObservation page = CdpEngineFlowTest.observeUntil(
                    executor,
                    o -> o.observation().elements().stream()
                            .anyMatch(e -> e.name() != null && e.name().startsWith("notes.txt")));
            named(page.observation(), "StaticText", "report.txt: 26 bytes, quarterly numbers");
            named(page.observation(), "StaticText", "notes.txt: 5 bytes, notes");
        }
    }

    /**
     * #39 defect 4: a file input is observed as one (Chromium calls it a button captioned "No file chosen", which the
     * outline showed as {@code button "Attachment" [value_length=14]}), with the names of the files it holds.
     */
    @Test
    void aFileInputIsObservedAsOneWithTheNamesOfItsFiles() throws Exception {
        Files.writeString(uploads.resolve("report.txt"), "quarterly numbers");
        Files.writeString(uploads.resolve("notes.txt"), "notes");
        String target = chromium.open("upload.html");
        try (CdpExecutor executor = CdpExecutor.connect(CdpConfig.hostIsolated(
                                chromium.endpoint(),
                                target,
                                chromium.pid(),
                                CdpConfig.processGeneration(chromium.pid()))
                        .withUploadDirectory(uploads));
                TestHost host = new TestHost(executor)) {
            PageObservation before = executor.observePage(new CancellationToken(), System.currentTimeMillis() + 10_000);
            String tag = named(before.observation(), "button", "Attachment").tag();
            assertEquals(true, before.state(tag).get("file_input"));
            assertEquals(java.util.List.of(), before.state(tag).get("files"));
            assertTrue(
                    before.outline().contains("- button \"Attachment\" [" + tag + "] [file_input] [files=none]\n"),
                    before.outline());
            assertFalse(before.state(tag).containsKey("value_length"), before.outline());

            ExecuteReport upload = host.engine()
                    .execute(
                            host.sign(
                                    UUID.randomUUID() + "-upload",
                                    new Action.SetValue("report.txt\nnotes.txt"),
                                    new TargetRef.Element(before.observation().target(tag)),
                                    valueHash("report.txt\nnotes.txt")),
                            new CancellationToken());
            assertTrue(upload.succeededVerified(), upload.toJson()::toString);

            PageObservation after = executor.observePage(new CancellationToken(), System.currentTimeMillis() + 10_000);
            String again = named(after.observation(), "button", "Attachment").tag();
            assertEquals(
                    java.util.List.of("report.txt", "notes.txt"),
                    after.state(again).get("files"));
            assertTrue(
                    after.outline()
                            .contains("- button \"Attachment\" [" + again
                                    + "] [file_input] [files=\"report.txt\", \"notes.txt\"]\n"),
                    after.outline());
        }
    }

    @Test
    void namesOutsideTheFolderAndAnExecutorWithoutAFolderAreRefusedWithoutEffect() throws Exception {
        Path outside = Files.createTempFile("praefectus-outside", ".txt");
        Files.createSymbolicLink(uploads.resolve("link.txt"), outside);
        String target = chromium.open("upload.html");
        try (Chromium.PageDriver page = chromium.driver(target)) {
            try (CdpExecutor executor =
                    CdpExecutor.connect(chromium.config(target).withUploadDirectory(uploads))) {
                for (String value :
                        new String[] {"../" + outside.getFileName(), outside.toString(), "link.txt", "missing.txt"}) {
                    DispatchException refused = assertThrows(DispatchException.class, () -> upload(executor, value));
                    assertEquals(EffectKnowledge.NO_EFFECT, refused.effect(), value);
                }
            }
            try (CdpExecutor executor = chromium.executor(target)) {
                DispatchException refused = assertThrows(DispatchException.class, () -> upload(executor, "report.txt"));
                assertEquals(FailureCode.UNSUPPORTED, refused.code());
            }
            assertEquals(0, page.evaluate("window.changes").asInt(-1));
        } finally {
            Files.deleteIfExists(outside);
        }
    }

    /** The file input of a fresh observation. */
    private static TargetRef attachment(CdpExecutor executor) throws Exception {
        SemanticObservation observation =
                executor.observeSemantic(new CancellationToken(), System.currentTimeMillis() + 10_000);
        return new TargetRef.Element(observation.target(observation.elements().stream()
                .filter(e -> "Attachment".equals(e.name()))
                .findFirst()
                .orElseThrow()
                .tag()));
    }

    private static void upload(CdpExecutor executor, String value) throws Exception {
        TargetRef attachment = attachment(executor);
        long deadline = System.currentTimeMillis() + 10_000;
        executor.dispatch(
                new Action.SetValue(value),
                executor.resolve(attachment, new CancellationToken(), deadline),
                valueHash(value),
                new CancellationToken(),
                deadline);
    }
}
