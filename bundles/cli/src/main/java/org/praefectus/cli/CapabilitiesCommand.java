package org.praefectus.cli;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.platform.Platform;

/** {@code capabilities}: what the platform of this machine allows, probed now. */
final class CapabilitiesCommand implements CliCommand {

    static final String NAME = "capabilities";

    private final Supplier<Optional<Platform>> platform;

    CapabilitiesCommand(Supplier<Optional<Platform>> platform) {
        this.platform = platform;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "platform, backend, session isolation, permissions and the actions the executor advertises";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Arguments.none(NAME, arguments);
        return platform.get()
                .orElseThrow(() -> CliCommandException.failure(
                        "protocol_error", "no platform bundle is active for this operating system"))
                .capabilities();
    }
}
