package org.praefectus.demos.cdp;

import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.engine.EngineFactory;
import org.praefectus.demos.DemoApproval;

/**
 * {@code cdp-demo --approved-demo}: runs {@link CdpDemo}, which launches a headless Chromium and acts in it. The
 * flag is the operator's explicit consent to start a browser and sign with a throwaway key; without it the command
 * refuses (usage, exit 2) and starts nothing.
 */
@Component(service = CliCommand.class)
@Command(CdpDemoCommand.NAME)
public final class CdpDemoCommand implements CliCommand {

    private final EngineFactory engines;

    @Activate
    public CdpDemoCommand(@Reference EngineFactory engines) {
        this.engines = engines;
    }

    /** The command word. */
    public static final String NAME = "cdp-demo";

    static final String APPROVAL_FLAG = "--approved-demo";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "browser demo with an ephemeral, non-production key: cdp-demo --approved-demo";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        DemoApproval.require(
                NAME, arguments, "cdp-demo launches a browser and acts in it: run it with --approved-demo");
        try {
            return new CdpDemo(engines).run();
        } catch (DemoException e) {
            throw CliCommandException.failure(e.code(), e.getMessage());
        }
    }
}
