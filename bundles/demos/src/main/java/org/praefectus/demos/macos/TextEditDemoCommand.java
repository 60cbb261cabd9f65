package org.praefectus.demos.macos;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.engine.EngineFactory;
import org.praefectus.api.engine.PrivateEngine;
import org.praefectus.api.engine.PrivateEngineSpec;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.host.HostState;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.demos.DemoApproval;
import org.praefectus.demos.DemoRefusal;
import org.praefectus.demos.EphemeralDemoSigner;

/**
 * {@code textedit-demo --approved-demo [SURFACE_ID]}: the reference's TextEdit demo ({@link TextEditDemo}) on a
 * private engine over the macOS executor, with an ephemeral key (not a production approval system) and its
 * own durable ledger {@value TextEditDemo#LEDGER_FILE} beside the default operation ledger. It needs the macOS
 * executor: where that bundle does not resolve (Linux, Windows) the command says it runs on macOS only, after
 * reading its arguments. It never touches the shared engine's trust or ledger.
 */
@Component(service = CliCommand.class)
@Command(TextEditDemoCommand.NAME)
public final class TextEditDemoCommand implements CliCommand {

    static final String NAME = "textedit-demo";

    private static final long DEADLINE_MS = 30_000;

    /** The answer where the macOS executor is not in the runtime (Linux, Windows). */
    static final String MACOS_ONLY =
            "textedit-demo runs on macOS only: this runtime has no macOS executor (try demo --approved-demo)";

    private final EngineFactory engines;
    private final Executor executor;

    /** @param executor the macOS executor, or null where it is not in the runtime */
    @Activate
    public TextEditDemoCommand(
            @Reference EngineFactory engines,
            @Reference(
                            target = "(praefectus.executor.backend=macos-ax)",
                            cardinality = ReferenceCardinality.OPTIONAL,
                            policyOption = ReferencePolicyOption.GREEDY)
                    Executor executor) {
        this.engines = engines;
        this.executor = executor;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "textedit-demo --approved-demo [SURFACE_ID]: replace the text of the TextEdit document '"
                + TextEditDemo.DOCUMENT + "' through the engine";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Optional<SurfaceRef> surface = surface(arguments);
        if (executor == null) {
            throw CliCommandException.failure("demo_error", MACOS_ONLY);
        }
        EphemeralDemoSigner authority = new EphemeralDemoSigner("praefectus-tofu-demo");
        Path ledger = HostState.root().resolve(TextEditDemo.LEDGER_FILE);
        try (PrivateEngine engine = engines.create(new PrivateEngineSpec(List.of(authority.pin()), ledger, executor))) {
            return new TextEditDemo(engine, authority, TextEditDemo::executableOf)
                    .run(surface, System.currentTimeMillis() + DEADLINE_MS);
        } catch (Exception e) {
            String message = e instanceof DemoRefusal ? e.getMessage() : "the demo could not run";
            throw CliCommandException.failure("demo_error", message);
        }
    }

    /**
     * The surface named beside {@code --approved-demo}, if any.
     *
     * @throws CliCommandException usage, when {@code --approved-demo} is missing or repeated, an option is
     *     unknown, a surface id is not a SHA-256 hex hash, or there are more arguments
     */
    static Optional<SurfaceRef> surface(List<String> arguments) throws CliCommandException {
        String usage = "textedit-demo requires --approved-demo (it signs with an ephemeral demo key) and takes at most "
                + "a surface id";
        List<String> surfaces = DemoApproval.parse(NAME, arguments, usage).positional();
        if (surfaces.size() > 1) {
            throw CliCommandException.usage(usage);
        }
        if (surfaces.isEmpty()) {
            return Optional.empty();
        }
        if (!Sha256.isHash(surfaces.get(0))) {
            throw CliCommandException.usage("a surface id is 64 lowercase hex digits, as `surfaces` lists it");
        }
        return Optional.of(new SurfaceRef(surfaces.get(0)));
    }
}
