package org.praefectus.cli;

import java.util.List;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;

/**
 * A command another bundle registered, known by its {@value CliCommand#NAME_PROPERTY} property. The service
 * is obtained only when the command runs (or {@code help} asks for its summary): a command's component,
 * and the subsystem behind it, is not activated for every other command.
 */
final class ContributedCommand implements CliCommand {

    private final BundleContext context;
    private final ServiceReference<CliCommand> reference;
    private final String name;

    ContributedCommand(BundleContext context, ServiceReference<CliCommand> reference, String name) {
        this.context = context;
        this.reference = reference;
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String summary() {
        CliCommand command = context.getService(reference);
        if (command == null) {
            return "(no longer available)";
        }
        try {
            return command.summary();
        } finally {
            context.ungetService(reference);
        }
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        CliCommand command = context.getService(reference);
        if (command == null) {
            throw CliCommandException.failure("protocol_error", "the command is no longer available");
        }
        try {
            return command.run(arguments);
        } finally {
            context.ungetService(reference);
        }
    }
}
