package org.praefectus.cli;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.api.platform.Platform;

/**
 * The CLI as a service and as Gogo commands. The platform is looked up on every command, so a platform
 * bundle that is updated or replaced is followed without restarting anything.
 */
@Component(service = CommandLine.class)
@GogoCommand(scope = "praefectus", function = {"capabilities", "help"})
public final class CliComponent implements CommandLine {

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile Platform platform;

    private final JsonCli cli;

    public CliComponent() {
        List<Command> commands = new java.util.ArrayList<>();
        commands.add(new CapabilitiesCommand(() -> Optional.ofNullable(platform)));
        commands.add(new HelpCommand(() -> commands));
        cli = new JsonCli(commands);
    }

    @Override
    public int run(List<String> arguments, OutputStream out, PrintStream err) {
        return cli.run(arguments, out, err);
    }

    /** Gogo: {@code praefectus:capabilities}. */
    public String capabilities() {
        return shell("capabilities");
    }

    /** Gogo: {@code praefectus:help}. */
    public String help() {
        return shell("help");
    }

    private String shell(String command) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        cli.run(List.of(command), out, System.err);
        return out.toString(StandardCharsets.UTF_8).strip();
    }
}
