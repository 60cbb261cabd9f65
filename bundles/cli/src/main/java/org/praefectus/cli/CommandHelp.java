package org.praefectus.cli;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Options;

/**
 * One command's help, for {@code help COMMAND} and {@code COMMAND --help}: its summary and the options it
 * accepts. The options are the command's own grammar: the command is given {@code --help} alone, and the options
 * parser answers it ({@link Options#HELP_REQUESTED}) before the command does anything else. A command that takes
 * no options refuses {@code --help} as it refuses any option, and its help lists none.
 */
final class CommandHelp {

    record Help(
            @JsonProperty("command") String command,
            @JsonProperty("summary") String summary,
            @JsonProperty("usage") String usage,
            @JsonProperty("options") List<String> options) {}

    private CommandHelp() {}

    static Help of(CliCommand command) {
        List<String> options = List.of();
        try {
            command.run(List.of("--help"));
        } catch (CliCommandException answer) {
            if (Options.HELP_REQUESTED.equals(answer.code()) && answer.details() instanceof List<?> described) {
                List<String> named = new ArrayList<>();
                for (Object option : described) {
                    named.add(String.valueOf(option));
                }
                options = List.copyOf(named);
            }
        }
        return new Help(
                command.name(),
                command.summary(),
                "praefectus " + command.name() + (options.isEmpty() ? "" : " [OPTION...]") + " [ARGUMENT...]",
                options);
    }

    /** Whether {@code arguments} ask for help: {@code --help} before any {@code --}. */
    static boolean asked(List<String> arguments) {
        for (String argument : arguments) {
            if (argument.equals("--")) {
                return false;
            }
            if (argument.equals("--help")) {
                return true;
            }
        }
        return false;
    }
}
