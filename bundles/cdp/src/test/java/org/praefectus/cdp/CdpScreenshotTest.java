package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.Terminal;
import org.praefectus.api.protocol.VerificationPolicy;

/**
 * A page {@code screenshot} through the engine with a signed grant: fenced by the page's coordinate observation (the
 * hash of its pixels), written into the host's private folder only, and refused without a file when the page changed
 * after the observation; hover ({@code move}) fenced the same way.
 */
class CdpScreenshotTest {

    private static final byte[] PNG_MAGIC = {(byte) 0x89, 'P', 'N', 'G'};

    @TempDir
    Path shots;

    private static TargetRef point(CoordinateObservation observation) {
        return new TargetRef.Coordinates(
                5,
                5,
                observation.displays().get(0).displayId(),
                observation.displayGeometryHash(),
                observation.snapshotId(),
                observation.snapshotContentHash());
    }

    private static CdpExecutor executor(Chromium chromium, String target, Path folder) throws Exception {
        return CdpExecutor.connect(CdpConfig.hostIsolated(
                        chromium.endpoint(), target, chromium.pid(), CdpConfig.processGeneration(chromium.pid()))
                .withScreenshotDirectory(folder));
    }

    @Test
    void aSignedScreenshotOfTheFencedPageGoesIntoTheHostsFolderOnly() throws Exception {
        Chromium chromium = Chromium.shared();
        String target = chromium.open("other.html");
        try (CdpExecutor executor = executor(chromium, target, shots);
                TestHost host = new TestHost(executor)) {
            assertFalse(executor.capabilities().supportedActions().contains("screenshot"));
            CoordinateObservation observation =
                    executor.observeCoordinates(new CancellationToken(), System.currentTimeMillis() + 10_000);
            assertEquals("page-" + target, observation.displays().get(0).displayId());
            assertTrue(executor.capabilities().supportedActions().contains("screenshot"));
            Path signed = shots.resolve("signed-page-shot.png");
            ExecuteReport shot = host.engine()
                    .execute(
                            host.sign(
                                    UUID.randomUUID() + "-shot",
                                    new Action.Screenshot(signed.toString()),
                                    point(observation),
                                    new VerificationPolicy.None()),
                            new CancellationToken());
            assertTrue(shot.terminal() instanceof Terminal.Succeeded, shot.toJson()::toString);
            Path[] files;
            try (var listing = Files.list(shots)) {
                files = listing.toArray(Path[]::new);
            }
            assertEquals(1, files.length);
            assertEquals(signed, files[0], "the file is the signed path");
            byte[] png = Files.readAllBytes(files[0]);
            assertArrayEquals(PNG_MAGIC, Arrays.copyOf(png, 4));
            assertEquals(
                    observation.snapshotContentHash(),
                    org.praefectus.api.canonical.Sha256.hex(png),
                    "the file holds exactly the fenced pixels");
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(files[0])));
            assertFalse(shot.toJson().toString().contains(files[0].getFileName().toString()));
        } finally {
            chromium.closeTarget(target);
        }
    }

    @Test
    void aScreenshotIsRefusedWithoutAFileWhenThePageChangedAfterObservation() throws Exception {
        Chromium chromium = Chromium.shared();
        String target = chromium.open("other.html");
        try (CdpExecutor executor = executor(chromium, target, shots);
                TestHost host = new TestHost(executor);
                Chromium.PageDriver page = chromium.driver(target)) {
            CoordinateObservation observation =
                    executor.observeCoordinates(new CancellationToken(), System.currentTimeMillis() + 10_000);
            page.evaluate("document.getElementById('target').textContent = 'Delete all'");
            page.evaluate("new Promise(ok => requestAnimationFrame(() => requestAnimationFrame(ok)))");
            ExecuteReport shot = host.engine()
                    .execute(
                            host.sign(
                                    UUID.randomUUID() + "-shot",
                                    new Action.Screenshot(
                                            shots.resolve("changed.png").toString()),
                                    point(observation),
                                    new VerificationPolicy.None()),
                            new CancellationToken());
            assertTrue(shot.terminal() instanceof Terminal.Rejected, shot.toJson()::toString);
            assertEquals(FailureCode.STALE_TARGET, ((Terminal.Rejected) shot.terminal()).code());
            try (var listing = Files.list(shots)) {
                assertEquals(0, listing.count());
            }
        } finally {
            chromium.closeTarget(target);
        }
    }

    @Test
    void aSignedPathOutsideTheHostsFolderIsRefusedBeforeAnyCaptureAndAnExistingFileIsNotOverwritten() throws Exception {
        Chromium chromium = Chromium.shared();
        String target = chromium.open("other.html");
        try (CdpExecutor executor = executor(chromium, target, shots);
                TestHost host = new TestHost(executor)) {
            CoordinateObservation observation =
                    executor.observeCoordinates(new CancellationToken(), System.currentTimeMillis() + 10_000);
            Path elsewhere = Files.createDirectory(shots.resolveSibling(shots.getFileName() + "-elsewhere"));
            try {
                ExecuteReport outside = host.engine()
                        .execute(
                                host.sign(
                                        UUID.randomUUID() + "-shot",
                                        new Action.Screenshot(
                                                elsewhere.resolve("page.png").toString()),
                                        point(observation),
                                        new VerificationPolicy.None()),
                                new CancellationToken());
                assertTrue(outside.terminal() instanceof Terminal.Rejected, outside.toJson()::toString);
                assertEquals(FailureCode.PERMISSION_DENIED, ((Terminal.Rejected) outside.terminal()).code());
                try (var listing = Files.list(elsewhere)) {
                    assertEquals(0, listing.count());
                }
            } finally {
                Files.delete(elsewhere);
            }
            Path existing = Files.write(shots.resolve("existing.png"), new byte[] {1, 2, 3});
            ExecuteReport over = host.engine()
                    .execute(
                            host.sign(
                                    UUID.randomUUID() + "-shot",
                                    new Action.Screenshot(existing.toString()),
                                    point(observation),
                                    new VerificationPolicy.None()),
                            new CancellationToken());
            assertTrue(over.terminal() instanceof Terminal.Rejected, over.toJson()::toString);
            assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(existing));
        } finally {
            chromium.closeTarget(target);
        }
    }

    @Test
    void hoverMovesThisPagesPointerOnlyAfterTheFenceWithoutTheGlobalInputPermission() throws Exception {
        Chromium chromium = Chromium.shared();
        String target = chromium.open("hover.html");
        try (CdpExecutor executor = executor(chromium, target, shots);
                TestHost host = new TestHost(executor);
                Chromium.PageDriver page = chromium.driver(target)) {
            CoordinateObservation observation =
                    executor.observeCoordinates(new CancellationToken(), System.currentTimeMillis() + 10_000);
            TargetRef help = new TargetRef.Coordinates(
                    70,
                    40,
                    observation.displays().get(0).displayId(),
                    observation.displayGeometryHash(),
                    observation.snapshotId(),
                    observation.snapshotContentHash());
            // move is this page's own mouse input (per_process_event): the engine runs it without the global-input
            // permission, and only the page's pointer moves
            ExecuteReport hovered = host.engine()
                    .execute(
                            host.sign(
                                    UUID.randomUUID() + "-hover",
                                    new Action.Move(),
                                    help,
                                    new VerificationPolicy.None()),
                            new CancellationToken());
            assertTrue(hovered.terminal() instanceof Terminal.Succeeded, hovered.toJson()::toString);
            long deadline = System.currentTimeMillis() + 10_000;
            assertEquals(
                    "[true]", page.evaluate("JSON.stringify(window.hovered)").asText());

            // a page that changed since its coordinate observation is refused, and nothing moves
            page.evaluate("document.getElementById('help').textContent = 'Delete'");
            page.evaluate("new Promise(ok => requestAnimationFrame(() => requestAnimationFrame(ok)))");
            org.junit.jupiter.api.Assertions.assertThrows(
                    org.praefectus.api.executor.ExecutorException.class,
                    () -> executor.resolve(help, new CancellationToken(), deadline));
        } finally {
            chromium.closeTarget(target);
        }
    }
}
