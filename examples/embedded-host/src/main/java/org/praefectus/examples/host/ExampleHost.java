package org.praefectus.examples.host;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.host.HostKey;
import org.praefectus.api.host.HostSigner;
import org.praefectus.api.host.HostState;
import org.praefectus.api.host.RequestDraft;
import org.praefectus.api.platform.Platform;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.embed.EmbeddedPraefectus;

/**
 * A complete host that embeds Praefectus: it starts the runtime in its own JVM, pins its own key with the
 * host kit, observes one window of a given process through the runtime's engine (so through the executor
 * it dispatches to), signs a verified {@code set_value} on its editable field, executes it through the
 * engine and presents it again (replayed, no second dispatch). Its key lives in its private state directory ({@code ~/.local/state/praefectus/
 * example-host}); approving what it signs is the host's business: this example approves its one action.
 *
 * <pre>java -cp … org.praefectus.examples.host.ExampleHost run/target/export/praefectus ZENITY_PID VALUE</pre>
 */
public final class ExampleHost {

    private final EmbeddedPraefectus praefectus;
    private final HostSigner signer;

    /**
     * A host on a runtime.
     *
     * @param praefectus a started runtime
     * @param signer this host's identity
     */
    public ExampleHost(EmbeddedPraefectus praefectus, HostSigner signer) {
        this.praefectus = praefectus;
        this.signer = signer;
    }

    public static void main(String[] arguments) throws Exception {
        if (arguments.length != 3) {
            System.err.println("usage: ExampleHost BUNDLE_SET_FOLDER PROCESS_ID VALUE");
            System.exit(2);
        }
        Path state = HostState.directory("example-host");
        HostSigner signer =
                new HostSigner(HostKey.loadOrCreate(state.resolve("host.key")), "example-host", "key-1", "policy-1");
        try (EmbeddedPraefectus praefectus =
                        EmbeddedPraefectus.start(Path.of(arguments[0]), state.resolve("felix"), Map.of());
                EmbeddedPraefectus.Pin pin = praefectus.pin(signer.pinnedIssuer())) {
            ExampleHost host = new ExampleHost(praefectus, signer);
            ActionRequest request = host.setValue(Long.parseLong(arguments[1]), arguments[2]);
            ExecuteReport first = host.execute(request);
            ExecuteReport again = host.execute(request);
            System.out.println(first.terminal().getClass().getSimpleName() + ", verified=" + first.succeededVerified()
                    + ", replayed=" + again.terminalAck().replayed());
        }
    }

    /**
     * Observes the window of process {@code processId} and signs a {@code set_value} of {@code value} on its
     * one editable field, verified by the value's hash.
     */
    public ActionRequest setValue(long processId, String value) throws Exception {
        // observed through the engine: the executor it will dispatch the signed request to
        Engine engine = praefectus.service(Engine.class, Duration.ofSeconds(30));
        long deadline = System.currentTimeMillis() + 30_000;
        for (SurfaceDescriptor surface : engine.listSurfaces(new CancellationToken(), deadline)) {
            if (surface.processId() != processId) {
                continue;
            }
            SemanticObservation observation =
                    engine.observeSurface(surface.surface(), new CancellationToken(), deadline);
            SemanticElement field = observation.elements().stream()
                    .filter(element -> element.actionability().editable())
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("the window has no editable field"));
            RequestDraft draft = new RequestDraft(
                    "example-" + UUID.randomUUID(),
                    "example-user",
                    "example-session",
                    new Action.SetValue(value),
                    new TargetRef.Element(observation.target(field.tag())),
                    InteractionMode.INTERACTIVE,
                    deadline,
                    new VerificationPolicy.TargetValueHash(Sha256.hex(value.getBytes(StandardCharsets.UTF_8))),
                    SafetyClass.REVERSIBLE);
            return signer.sign(draft, deadline); // the host approved exactly this draft
        }
        throw new IllegalStateException("no window of process " + processId);
    }

    /** Executes a signed request through the runtime's engine. */
    public ExecuteReport execute(ActionRequest request) throws Exception {
        Engine engine = praefectus.service(Engine.class, Duration.ofSeconds(30));
        return engine.execute(request, new CancellationToken());
    }

    /** Starts Praefectus, reads the platform capabilities through the service, and stops it again. */
    static Capabilities capabilities(Path bundleSet) throws Exception {
        Path storage = Files.createTempDirectory("praefectus-host");
        try (EmbeddedPraefectus praefectus = EmbeddedPraefectus.start(bundleSet, storage, Map.of())) {
            Platform platform = praefectus.service(Platform.class, Duration.ofSeconds(30));
            return platform.capabilities();
        }
    }
}
