package org.praefectus.cdp;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.praefectus.api.canonical.CanonicalJson;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.DisplayGeometry;
import org.praefectus.api.protocol.Evidence;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.Protocol;
import org.praefectus.api.protocol.TargetRef;

/**
 * The page's coordinate observation (its viewport as one display, {@code page-<target>}, fenced by the hash of its
 * pixels) and the {@code screenshot} it fences: {@code Page.captureScreenshot} of this page only, written to the
 * signed path in the host's private folder only when the pixels still are the ones observed. The image never enters the protocol, a log
 * or a receipt.
 */
final class PageScreenshots {

    private final PageSession session;
    private volatile Snapshot latest;

    /** The latest coordinate observation, as this executor keeps it. */
    private record Snapshot(
            String snapshotId,
            String documentId,
            String geometryHash,
            String contentHash,
            long observedAtMs,
            long width,
            long height) {}

    PageScreenshots(PageSession session) {
        this.session = session;
    }

    private String displayId() {
        return "page-" + session.config().targetId();
    }

    /** One coordinate observation; it becomes the one coordinate targets resolve against. */
    CoordinateObservation observe(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        PageSession.Frame frame = session.frame(deadlineAtMs);
        cancellation.checkBoundary(deadlineAtMs);
        long observedAtMs = System.currentTimeMillis();
        String contentHash = Sha256.hex(frame.png());
        String snapshotId = Sha256.hex(CanonicalJson.compact(new JsonValue.JsonArray(List.of(
                new JsonValue.JsonString(displayId()),
                new JsonValue.JsonString(frame.documentId()),
                new JsonValue.JsonString(contentHash),
                JsonValue.JsonNumber.of(observedAtMs)))));
        latest = new Snapshot(
                snapshotId,
                frame.documentId(),
                frame.geometryHash(),
                contentHash,
                observedAtMs,
                frame.width(),
                frame.height());
        return new CoordinateObservation(
                Protocol.PROTOCOL_VERSION,
                snapshotId,
                frame.geometryHash(),
                contentHash,
                observedAtMs,
                List.of(new DisplayGeometry(displayId(), 0, 0, frame.width(), frame.height())));
    }

    /** Whether a current coordinate observation exists (screenshot is advertised only then). */
    boolean current() {
        Snapshot snapshot = latest;
        return snapshot != null
                && System.currentTimeMillis() - snapshot.observedAtMs() <= CoordinateObservation.MAX_AGE_MS;
    }

    /** The snapshot a coordinate target names, if it is the latest and still young. */
    private Snapshot fenced(TargetRef.Coordinates target) throws ExecutorException {
        Snapshot snapshot = latest;
        if (snapshot == null
                || !snapshot.snapshotId().equals(target.snapshotId())
                || !snapshot.contentHash().equals(target.snapshotContentHash())
                || !snapshot.geometryHash().equals(target.displayGeometryHash())
                || !displayId().equals(target.displayId())) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "browser coordinate observation changed");
        }
        if (System.currentTimeMillis() - snapshot.observedAtMs() > CoordinateObservation.MAX_AGE_MS) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "browser coordinate observation expired");
        }
        if (target.x() < 0 || target.y() < 0 || target.x() >= snapshot.width() || target.y() >= snapshot.height()) {
            throw new ExecutorException(ExecutorFailure.INVALID_REQUEST, "browser point is outside the page");
        }
        return snapshot;
    }

    /** The page's document and geometry for the engine's observations around a screenshot (no capture). */
    Observation observeTarget(TargetRef.Coordinates target, long deadlineAtMs) throws ExecutorException {
        Snapshot snapshot = fenced(target);
        String documentId = session.document(deadlineAtMs).documentId();
        Map<String, JsonValue> members = new TreeMap<>();
        members.put("document", new JsonValue.JsonString(documentId));
        members.put("snapshot_id", new JsonValue.JsonString(snapshot.snapshotId()));
        JsonValue.JsonObject state = new JsonValue.JsonObject(members);
        return new Observation(
                new Evidence(
                        Sha256.hex(CanonicalJson.compact(state)),
                        null,
                        snapshot.geometryHash(),
                        System.currentTimeMillis()),
                state);
    }

    /** Resolves a coordinate target after checking the page's pixels still are the observed ones. */
    ResolvedTarget resolve(TargetRef.Coordinates target, long deadlineAtMs) throws ExecutorException {
        Snapshot snapshot = fenced(target);
        PageSession.Frame now = session.frame(deadlineAtMs);
        if (!now.documentId().equals(snapshot.documentId())
                || !now.geometryHash().equals(snapshot.geometryHash())
                || !Sha256.hex(now.png()).equals(snapshot.contentHash())) {
            throw new ExecutorException(ExecutorFailure.STALE_TARGET, "browser page changed");
        }
        return new ResolvedTarget.Point(target.x(), target.y());
    }

    /**
     * The page once more, only while it still shows the observed document, geometry and pixels: the fence of every
     * coordinate effect, checked right before it.
     */
    private PageSession.Frame fencedFrame(CancellationToken cancellation, long deadlineAtMs) throws DispatchException {
        Snapshot snapshot = latest;
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        if (snapshot == null) {
            throw EffectSteps.stale("browser coordinate observation changed");
        }
        PageSession.Frame frame;
        try {
            frame = session.frame(deadlineAtMs);
        } catch (ExecutorException e) {
            throw DispatchException.beforeEffect(e);
        }
        if (!frame.documentId().equals(snapshot.documentId())
                || !frame.geometryHash().equals(snapshot.geometryHash())
                || !Sha256.hex(frame.png()).equals(snapshot.contentHash())) {
            throw EffectSteps.stale("browser page changed");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        return frame;
    }

    /**
     * Moves this page's own pointer to the fenced point ({@code Input.dispatchMouseEvent} {@code mouseMoved} on this
     * page's session: the page's hover, no desktop pointer), once the pixels are still the observed ones.
     */
    void move(ResolvedTarget.Point point, CancellationToken cancellation, long deadlineAtMs) throws DispatchException {
        fencedFrame(cancellation, deadlineAtMs);
        try {
            session.command(
                    "Input.dispatchMouseEvent",
                    session.params()
                            .put("type", "mouseMoved")
                            .put("x", point.x())
                            .put("y", point.y())
                            .put("button", "none"),
                    deadlineAtMs);
        } catch (ChannelException e) {
            if (e.sent()) {
                throw DispatchException.ambiguous("browser pointer outcome is unknown");
            }
            throw EffectSteps.stale("browser pointer move was not dispatched");
        }
    }

    /**
     * Captures the page once more and writes it to the signed path, only when that path lies directly in the host's
     * folder and the page still shows the fenced pixels: owner read/write only, never over a file.
     */
    void capture(Action.Screenshot screenshot, CancellationToken cancellation, long deadlineAtMs)
            throws DispatchException {
        Path folder = session.config()
                .screenshotDirectory()
                .orElseThrow(() -> DispatchException.unsupported("browser screenshots have no host folder"));
        Path file = screenshot
                .fileIn(folder)
                .orElseThrow(() -> new DispatchException(
                        EffectKnowledge.NO_EFFECT,
                        FailureCode.PERMISSION_DENIED,
                        "the screenshot path is outside the host's screenshot directory"));
        PageSession.Frame frame = fencedFrame(cancellation, deadlineAtMs);
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (FileAlreadyExistsException e) {
            throw DispatchException.noEffect("browser screenshot file exists");
        } catch (IOException | UnsupportedOperationException e) {
            throw DispatchException.noEffect("browser screenshot folder is not writable");
        }
        try {
            Files.write(file, frame.png(), StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException e) {
            throw DispatchException.ambiguous("browser screenshot was not written whole");
        }
    }
}
