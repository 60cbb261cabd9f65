package org.praefectus.demos.linux;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.demos.DemoRefusal;
import org.praefectus.demos.EphemeralDemoSigner;

/**
 * The demo as a host: find its own window titled {@value #TITLE} (and refuse any other), observe it,
 * turn its one editable field's tag into a fenced target, sign a {@code set_value} grant with the ephemeral
 * demo key, execute it through the engine, then present the same request again and show the replay.
 */
public final class DemoHost {

    static final String TITLE = "Praefectus Demo";
    static final String VALUE = "Hello from Praefectus";

    private final Engine engine;
    private final EphemeralDemoSigner authority;
    private final long windowProcess;

    /**
     * @param windowProcess the process of the disposable window the demo started: the only one it acts on
     */
    DemoHost(Engine engine, EphemeralDemoSigner authority, long windowProcess) {
        this.engine = engine;
        this.authority = authority;
        this.windowProcess = windowProcess;
    }

    /** The demo window's surface and its observation, or a refusal when there is not exactly one. */
    record DemoSurface(SurfaceDescriptor surface, SemanticObservation observation) {}

    /**
     * The demo's own window (titled {@value #TITLE}, owned by the process the demo started), or empty when
     * it is not there yet.
     *
     * @throws DemoRefusal when any other window carries the title, or the demo's process shows several
     */
    Optional<DemoSurface> findDemoWindow(long deadlineAtMs) throws Exception {
        List<DemoSurface> matches = new ArrayList<>();
        // observed through the engine that acts: the window found is the one its executor will fence
        for (SurfaceDescriptor surface : engine.listSurfaces(new CancellationToken(), deadlineAtMs)) {
            SemanticObservation observation =
                    engine.observeSurface(surface.surface(), new CancellationToken(), deadlineAtMs);
            SemanticElement window = observation.elements().get(0);
            if (TITLE.equals(window.name())) {
                if (surface.processId() != windowProcess) {
                    throw new DemoRefusal("another application shows a window titled \"" + TITLE
                            + "\": the demo acts only on its own disposable window");
                }
                matches.add(new DemoSurface(surface, observation));
            }
        }
        if (matches.size() > 1) {
            throw new DemoRefusal("the demo acts only on exactly one window titled \"" + TITLE + "\"");
        }
        return matches.stream().findFirst();
    }

    Map<String, Object> run(long deadlineAtMs) throws Exception {
        DemoSurface demo = findDemoWindow(deadlineAtMs)
                .orElseThrow(() -> new DemoRefusal("there is no window titled \"" + TITLE + "\""));
        List<SemanticElement> fields = demo.observation().elements().stream()
                .filter(element -> element.actionability().editable())
                .toList();
        if (fields.size() != 1) {
            throw new DemoRefusal("the demo window must have exactly one editable field");
        }
        String tag = fields.get(0).tag();
        TargetRef target = new TargetRef.Element(demo.observation().target(tag));
        String valueHash = Sha256.hex(VALUE.getBytes(StandardCharsets.UTF_8));
        byte[] random = new byte[8];
        ThreadLocalRandom.current().nextBytes(random);
        String operationId = "demo-" + HexFormat.of().formatHex(random);
        ActionRequest request = authority.sign(
                operationId,
                new Action.SetValue(VALUE),
                target,
                InteractionMode.INTERACTIVE,
                new VerificationPolicy.TargetValueHash(valueHash),
                deadlineAtMs);

        ExecuteReport first = engine.execute(request, new CancellationToken());
        ExecuteReport replay = engine.execute(request, new CancellationToken());

        Map<String, Object> data = new LinkedHashMap<>();
        data.put("approval", EphemeralDemoSigner.NOTICE);
        data.put("window", TITLE);
        data.put("surface_id", demo.surface().surface().id());
        data.put("field_tag", tag);
        data.put("operation_id", operationId);
        data.put("receipt", first.toJson().toPlain());
        data.put("verified", first.succeededVerified());
        data.put("replay", replay.toJson().toPlain());
        data.put(
                "replayed_without_dispatch",
                replay.acknowledgements().size() == 1 && replay.terminalAck().replayed());
        return data;
    }
}
