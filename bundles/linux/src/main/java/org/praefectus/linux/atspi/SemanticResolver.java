package org.praefectus.linux.atspi;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.ObservationStore;
import org.praefectus.api.protocol.Actionability;
import org.praefectus.api.protocol.ProtocolErrorCode;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.SemanticTargetRef;
import org.praefectus.api.selector.NumericValue;
import org.praefectus.linux.proc.ProcessGeneration;

/**
 * Checks a semantic target against the live desktop: the observation is one this executor made and still
 * current; the display topology, the application's process and generation, the window's identity, state
 * and bounds are unchanged; the element still lies inside that window and its fingerprint (role, name,
 * bounds, states, interfaces, actions) is unchanged in two consecutive reads.
 */
public final class SemanticResolver {

    /** Longest text whose hash is read back, in characters (as the reference bounds it). */
    static final int MAX_VALUE_CHARACTERS = 16 * 1024;

    private final AtspiDesktop desktop;
    private final ObservationStore<StoredSnapshot> store;

    public SemanticResolver(AtspiDesktop desktop, ObservationStore<StoredSnapshot> store) {
        this.desktop = desktop;
        this.store = store;
    }

    /**
     * @param target              the fenced target
     * @param displayGeometryHash the display topology now
     * @param withValue           whether to read the element's text hash
     * @throws ExecutorException stale, not found, cancelled, expired or unavailable
     */
    public LiveElement resolve(
            SemanticTargetRef target,
            String displayGeometryHash,
            boolean withValue,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws ExecutorException {
        return resolve(target, displayGeometryHash, withValue, false, cancellation, deadlineAtMs);
    }

    /**
     * @param followTitle whether the window may have changed its title since the observation (and nothing else
     *                    of its identity): an observation after an effect follows the same window through the
     *                    title its own edit gave it ({@code *notes.txt}, #36 defect 3); a fence before an effect
     *                    never does
     */
    public LiveElement resolve(
            SemanticTargetRef target,
            String displayGeometryHash,
            boolean withValue,
            boolean followTitle,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        StoredSnapshot snapshot = store.get(target.observationId())
                .orElseThrow(() -> SemanticObserver.stale("semantic observation is unknown or expired"));
        if (!snapshot.observation().provenance().displayGeometryHash().equals(displayGeometryHash)) {
            throw SemanticObserver.stale("display geometry changed");
        }
        try {
            snapshot.observation().resolve(target, System.currentTimeMillis());
        } catch (ProtocolException e) {
            throw e.code() == ProtocolErrorCode.TARGET_NOT_FOUND
                    ? new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "semantic target was not found")
                    : SemanticObserver.stale("semantic target changed");
        }
        StoredSnapshot.StoredTarget stored = snapshot.targets().get(target.elementId());
        if (stored == null) {
            throw SemanticObserver.stale("semantic mapping changed");
        }
        Sample first = sample(snapshot, stored, followTitle, cancellation, deadlineAtMs);
        Sample second = sample(snapshot, stored, followTitle, cancellation, deadlineAtMs);
        boolean stable = first.equals(second);
        if (!stable
                || !second.fingerprintHash().equals(target.fingerprintHash())
                || second.invokeAction() != stored.invokeAction()) {
            throw SemanticObserver.stale("semantic target changed");
        }
        String valueHash = !withValue
                ? null
                : second.node().choice()
                        ? choiceHash(stored.object(), cancellation, deadlineAtMs)
                        : second.node().itemContainer()
                                ? new ItemSelection(desktop.bus())
                                        .selectedHash(stored.object(), cancellation, deadlineAtMs)
                                : second.node().numeric()
                                        ? numberHash(stored.object(), cancellation, deadlineAtMs)
                                        : second.node().has(AccessibleNode.TEXT)
                                                ? valueHash(stored.object(), cancellation, deadlineAtMs)
                                                : null;
        Actionability actionability = new Actionability(
                second.node().state().visible(),
                second.node().state().enabled(),
                true,
                true,
                false,
                second.invokeAction() >= 0,
                second.node().settable());
        return new LiveElement(
                snapshot,
                stored.object(),
                second.fingerprintHash(),
                actionability,
                second.invokeAction(),
                valueHash,
                second.node().numeric(),
                second.node().choice(),
                second.bounds(),
                second.node().state());
    }

    /** One live read of the window and the element. */
    private record Sample(AccessibleNode node, String fingerprintHash, int invokeAction, Rect bounds) {}

    private Sample sample(
            StoredSnapshot snapshot,
            StoredSnapshot.StoredTarget stored,
            boolean followTitle,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws ExecutorException {
        SurfaceWindow window = snapshot.window();
        // the process is checked on its own first: a restarted application that reuses the PID has another
        // bus name too, but the generation is what says so without trusting anything the bus reports
        Optional<String> generation = ProcessGeneration.of(window.application().processId());
        if (generation.isEmpty()) {
            throw SemanticObserver.stale("target process exited");
        }
        if (!generation.get().equals(window.application().processGeneration())) {
            throw SemanticObserver.stale("target process generation changed");
        }
        ApplicationTree tree = desktop.application(window.application().busName(), cancellation, deadlineAtMs)
                .orElseThrow(() -> SemanticObserver.stale("target process changed"));
        if (tree.processId() != window.application().processId()
                || !tree.processGeneration().equals(window.application().processGeneration())) {
            throw SemanticObserver.stale("target process changed");
        }
        AccessibleNode node = tree.nodes().get(stored.object());
        if (node == null) {
            // not in the application's cache: a row or cell of a list or table (or gone), read only for such a target
            tree = desktop.withManagedDescendants(tree, cancellation, deadlineAtMs);
            node = tree.nodes().get(stored.object());
        }
        AccessibleNode windowNode = tree.nodes().get(window.node().object());
        if (windowNode == null || !windowNode.state().visible()) {
            throw SemanticObserver.stale("target window changed");
        }
        if (node == null) {
            throw new ExecutorException(ExecutorFailure.TARGET_NOT_FOUND, "semantic target was not found");
        }
        if (!tree.isWithin(node.object(), windowNode.object())) {
            throw SemanticObserver.stale("semantic target left its surface");
        }
        Map<AtspiObject, NodeDetails> details =
                desktop.details(List.of(windowNode, node), true, cancellation, deadlineAtMs);
        AccessibleNode asObserved = followTitle ? windowNode.named(window.node().name()) : windowNode;
        String windowFingerprint = Identities.surfaceFingerprint(
                asObserved,
                desktop.roleName(windowNode.roleCode()),
                details.get(windowNode.object()).bounds());
        if (!windowFingerprint.equals(window.fingerprintHash())) {
            throw SemanticObserver.stale("target window changed");
        }
        NodeDetails nodeDetails = details.get(node.object());
        return new Sample(
                // a combo box's name is its chosen item, which the cache learns late: two samples around that event are
                // still the same element (its choice is read fresh, choiceHash)
                node.choice() ? node.named("") : node,
                Identities.elementFingerprint(node, desktop.roleName(node.roleCode()), nodeDetails),
                nodeDetails.invokeAction(node).orElse(-1),
                nodeDetails.bounds());
    }

    /**
     * SHA-256 hex of the element's number in its one written form ({@link NumericValue}), the form set_value of a
     * number is signed in; {@code null} when it holds none.
     */
    String numberHash(AtspiObject object, CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        Double current = desktop.bus()
                .valueProperties(object)
                .await(cancellation, deadlineAtMs)
                .get("CurrentValue");
        return current == null
                ? null
                : Sha256.hex(NumericValue.canonical(current).getBytes(StandardCharsets.UTF_8));
    }

    /** SHA-256 hex of the item a combo box shows chosen: its name asked now, not the cache's. */
    String choiceHash(AtspiObject object, CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        return Sha256.hex(
                desktop.bus().name(object).await(cancellation, deadlineAtMs).getBytes(StandardCharsets.UTF_8));
    }

    /** SHA-256 hex of the element's whole text, or {@code null} when it is too long to read back. */
    String valueHash(AtspiObject object, CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        String text = desktop.bus().text(object).await(cancellation, deadlineAtMs);
        if (text == null
                || text.length() > MAX_VALUE_CHARACTERS * 2
                || text.codePointCount(0, text.length()) > MAX_VALUE_CHARACTERS) {
            return null;
        }
        return Sha256.hex(text.getBytes(StandardCharsets.UTF_8));
    }
}
