package org.praefectus.cli;

import java.util.List;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Options;
import org.praefectus.api.text.CallerText;

/** Argument checks shared by the built-in commands. */
final class Arguments {

    private Arguments() {}

    /** Refuses any argument: the command takes none. */
    static void none(String command, List<String> arguments) throws CliCommandException {
        if (arguments.isEmpty()) {
            return;
        }
        if (CommandHelp.asked(arguments)) {
            throw CliCommandException.failure(Options.HELP_REQUESTED, command + " --help", List.of());
        }
        String first = arguments.get(0);
        throw CliCommandException.usage(
                first.startsWith("-")
                        ? "unknown option: " + CallerText.shown(first)
                        : command + " does not accept positional arguments");
    }
}
