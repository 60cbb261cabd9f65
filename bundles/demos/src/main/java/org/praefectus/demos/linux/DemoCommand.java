package org.praefectus.demos.linux;

import java.util.List;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.desktop.DesktopSettings;
import org.praefectus.api.engine.EngineFactory;
import org.praefectus.demos.DemoApproval;
import org.praefectus.demos.DemoRefusal;

/**
 * {@code demo --approved-demo}: acts as a host on a disposable "Praefectus Demo" window with an ephemeral
 * key (not a production approval system) on a private engine, and prints the verified receipt and the
 * replay. It never touches the shared engine's trust or ledger.
 */
@Component(service = CliCommand.class)
@Command(DemoCommand.NAME)
public final class DemoCommand implements CliCommand {

    static final String NAME = "demo";

    private final EngineFactory engines;
    private final BundleContext context;

    /** The Linux desktop bundle's settings; absent where the runtime has none (the demo then cannot run). */
    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile DesktopSettings settings;

    @Activate
    public DemoCommand(@Reference EngineFactory engines, BundleContext context) {
        this.engines = engines;
        this.context = context;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "demo --approved-demo: set a field of a disposable 'Praefectus Demo' window through the engine";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        DemoApproval.require(NAME, arguments, "demo requires --approved-demo (it signs with an ephemeral demo key)");
        try {
            DesktopSettings desktop = settings;
            if (desktop == null) {
                throw new DemoRefusal("this runtime has no Linux desktop bundle");
            }
            return new DemoRun(desktop, engines, context).run();
        } catch (Exception e) {
            String message = e instanceof DemoRefusal ? e.getMessage() : "the demo could not run";
            throw CliCommandException.failure("demo_error", message);
        }
    }
}
