package org.praefectus.daemon;

import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;

/** {@code praefectus run}: PeekabooX's name for the daemon ({@code peekabooxd run}). */
@Component(service = CliCommand.class)
@Command(RunCommand.NAME)
public final class RunCommand implements CliCommand {

    static final String NAME = "run";

    private final ResidentRuntime runtime;

    @Activate
    public RunCommand(@Reference ResidentRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "the same as daemon (PeekabooX's peekabooxd run)";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        return runtime.run(NAME, arguments);
    }
}
