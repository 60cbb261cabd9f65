package org.praefectus.api.cli;

import java.util.List;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * One command of the JSON CLI, contributed as a service (whiteboard). The CLI bundle writes the envelope,
 * maps {@link CliCommandException} to its error and exit code, and never shows a command's exception text.
 * Register it with the service property {@value #NAME_PROPERTY} set to {@link #name()}: the CLI offers
 * only commands that carry it, and obtains the service only when the command runs or {@code help} lists it.
 */
@ConsumerType
public interface CliCommand {

    /** Service property naming the command, so the CLI can tell commands apart without calling them. */
    String NAME_PROPERTY = "praefectus.cli.command";

    /** The word that selects this command, for example {@code capabilities}. */
    String name();

    /** One line for {@code help}. */
    String summary();

    /**
     * Runs the command.
     *
     * @param arguments everything after the command name, options included; the command parses them
     * @return the value serialized (with Jackson) as the envelope's {@code data}
     * @throws CliCommandException for usage errors and typed failures
     */
    Object run(List<String> arguments) throws CliCommandException;
}
