package org.praefectus.daemon;

import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;

/** {@code praefectus daemon [OPTION...]}: the runtime as a long-running host (see the bundle README). */
@Component(service = CliCommand.class)
@Command(DaemonCommand.NAME)
public final class DaemonCommand implements CliCommand {

    static final String NAME = "daemon";
    static final String SUMMARY = "run as the resident daemon: local socket IPC, gRPC peekaboox.v1, the signing host"
            + " (--allow-input, --profile P, --no-grpc, --grpc-addr H:P, --sandbox basic)";

    private final ResidentRuntime runtime;

    @Activate
    public DaemonCommand(@Reference ResidentRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return SUMMARY;
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        return runtime.run(NAME, arguments);
    }
}
