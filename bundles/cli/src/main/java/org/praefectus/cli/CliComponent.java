package org.praefectus.cli;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.api.cli.GogoCommand;
import org.praefectus.api.platform.Platform;

/**
 * The CLI as a service and as Gogo commands. Commands other bundles register as {@link CliCommand}
 * services join the built-in ones. Services are looked up on every run, so a bundle that is updated or
 * replaced is followed without restarting anything.
 */
@Component(service = CommandLine.class)
@GogoCommand(
        scope = "praefectus",
        function = {"capabilities", "help", "cli"})
public final class CliComponent implements CommandLine {

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile Platform platform;

    /* References, not services: binding a service would activate every command's component on every run. */
    @Reference(
            service = CliCommand.class,
            cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile List<ServiceReference<CliCommand>> contributed = List.of();

    private final BundleContext context;

    private final List<CliCommand> builtIn =
            List.of(new CapabilitiesCommand(() -> Optional.ofNullable(platform)), new HelpCommand(this::commands));
    private final JsonCli cli = new JsonCli(this::commands);

    @Activate
    public CliComponent(BundleContext context) {
        this.context = context;
    }

    /** Built-in commands first, so a contributed command cannot shadow them. */
    private List<CliCommand> commands() {
        List<CliCommand> all = new ArrayList<>(builtIn);
        for (ServiceReference<CliCommand> reference : contributed) {
            if (reference.getProperty(CliCommand.NAME_PROPERTY) instanceof String name) {
                all.add(new ContributedCommand(context, reference, name));
            }
        }
        return all;
    }

    @Override
    public int run(List<String> arguments, OutputStream out, PrintStream err) {
        return cli.run(arguments, out, err);
    }

    /** Gogo: {@code praefectus:capabilities}. */
    public String capabilities() {
        return cli("capabilities");
    }

    /** Gogo: {@code praefectus:help}. */
    public String help() {
        return cli("help");
    }

    /** Gogo: {@code praefectus:cli COMMAND [ARGUMENT...]} runs any command, contributed ones included. */
    public String cli(String... arguments) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        cli.run(List.of(arguments), out, System.err);
        return out.toString(StandardCharsets.UTF_8).strip();
    }
}
