package org.praefectus.demos.macos;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongFunction;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.ExecuteReport;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.ActionRequest;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.demos.DemoRefusal;
import org.praefectus.demos.EphemeralDemoSigner;

/**
 * The reference's TextEdit demo as a host: observe the foreground window (or the one host-observed surface
 * the user names, for when a hidden dialog is in front), refuse it unless it is the system TextEdit's
 * document window titled exactly {@value #DOCUMENT}, turn its one editable field into a fenced target, sign
 * {@code set_value} of fixed research notes with {@code target_value_hash}, execute it, then present the same
 * request again and show the replay. It never saves or closes the document.
 */
public final class TextEditDemo {

    /** The only document the demo acts on. */
    public static final String DOCUMENT = "Tofu Praefectus Demo.txt";

    /** The demo's own durable operation ledger, beside the default operation ledger. */
    public static final String LEDGER_FILE = "tofu-demo-operations.jsonl";

    /** What replaces the document's text: fixed, so nothing a user typed is ever sent anywhere. */
    static final String NOTES = """
                                Tofu research notes (Praefectus demo)
                                - firm tofu keeps its shape when pressed for 20 minutes
                                - silken tofu blends into sauces
                                """;

    /**
     * Where macOS installs TextEdit (macOS 10.15 and later, then earlier releases): a process running any
     * other executable is not TextEdit, whatever its windows are called.
     */
    static final Set<String> TEXTEDIT_EXECUTABLES = Set.of(
            "/System/Applications/TextEdit.app/Contents/MacOS/TextEdit",
            "/Applications/TextEdit.app/Contents/MacOS/TextEdit");

    private final Engine engine;
    private final EphemeralDemoSigner authority;
    private final LongFunction<Optional<String>> executables;

    /**
     * @param engine      the demo's private engine, over the macOS executor
     * @param authority   the ephemeral demo key pinned in that engine
     * @param executables the executable of a process id (the process table: {@link #executableOf})
     */
    public TextEditDemo(Engine engine, EphemeralDemoSigner authority, LongFunction<Optional<String>> executables) {
        this.engine = engine;
        this.authority = authority;
        this.executables = executables;
    }

    /** The executable a running process was started from, as the OS reports it. */
    public static Optional<String> executableOf(long processId) {
        return ProcessHandle.of(processId).flatMap(process -> process.info().command());
    }

    /**
     * Runs the demo once.
     *
     * @param surface the host-observed surface to act on, or empty for the foreground window
     * @return the envelope data: what was acted on, the receipt and the replay; never the notes
     * @throws DemoRefusal with a fixed message when the window is not the demo document of TextEdit
     */
    public Map<String, Object> run(Optional<SurfaceRef> surface, long deadlineAtMs) throws Exception {
        // observed through the engine that acts: the window checked is the one its executor will fence
        SemanticObservation observation = surface.isPresent()
                ? engine.observeSurface(surface.get(), new CancellationToken(), deadlineAtMs)
                : engine.observeSemantic(new CancellationToken(), deadlineAtMs);
        long processId = observation.provenance().processId();
        if (!executables.apply(processId).filter(TEXTEDIT_EXECUTABLES::contains).isPresent()) {
            throw new DemoRefusal("the observed window does not belong to TextEdit: the demo acts only on TextEdit");
        }
        if (observation.elements().isEmpty()
                || !DOCUMENT.equals(observation.elements().get(0).name())) {
            throw new DemoRefusal("the observed TextEdit window is not the document \"" + DOCUMENT + "\"");
        }
        List<SemanticElement> fields = observation.elements().stream()
                .filter(element -> element.actionability().editable())
                .toList();
        if (fields.size() != 1) {
            throw new DemoRefusal("the demo document must show exactly one editable field");
        }
        String tag = fields.get(0).tag();
        byte[] random = new byte[8];
        ThreadLocalRandom.current().nextBytes(random);
        // the ledger outlives the run: every run needs an operation id of its own
        String operationId = "tofu-demo-" + HexFormat.of().formatHex(random);
        ActionRequest request = authority.sign(
                operationId,
                new Action.SetValue(NOTES),
                new TargetRef.Element(observation.target(tag)),
                InteractionMode.INTERACTIVE,
                new VerificationPolicy.TargetValueHash(Sha256.hex(NOTES.getBytes(StandardCharsets.UTF_8))),
                deadlineAtMs);

        ExecuteReport first = engine.execute(request, new CancellationToken());
        ExecuteReport replay = engine.execute(request, new CancellationToken());

        Map<String, Object> data = new LinkedHashMap<>();
        data.put("approval", EphemeralDemoSigner.NOTICE);
        data.put("application", "TextEdit");
        data.put("document", DOCUMENT);
        data.put("process_id", processId);
        data.put("window_id", observation.provenance().windowId());
        surface.ifPresent(chosen -> data.put("surface_id", chosen.id()));
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
