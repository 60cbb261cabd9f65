package org.praefectus.cli;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.function.Supplier;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.text.CallerText;

/** Lists the commands available now, sorted by name; {@code help COMMAND} describes one ({@link CommandHelp}). */
final class HelpCommand implements CliCommand {

    static final String NAME = "help";

    record Help(
            @JsonProperty("usage") String usage,
            @JsonProperty("commands") List<Entry> commands) {}

    record Entry(
            @JsonProperty("name") String name,
            @JsonProperty("summary") String summary) {}

    private final Supplier<List<CliCommand>> commands;

    HelpCommand(Supplier<List<CliCommand>> commands) {
        this.commands = commands;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "list the commands (also --help); help COMMAND (or COMMAND --help): its summary and options";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        if (arguments.size() == 1 && !arguments.get(0).startsWith("-")) {
            // help COMMAND
            String name = arguments.get(0);
            return commands.get().stream()
                    .filter(command -> command.name().equals(name))
                    .findFirst()
                    .map(CommandHelp::of)
                    .orElseThrow(() -> CliCommandException.usage("unknown command: " + CallerText.shown(name)));
        }
        Arguments.none(NAME, arguments);
        return new Help(
                JsonCli.USAGE,
                commands.get().stream()
                        .map(command -> new Entry(command.name(), command.summary()))
                        .sorted(java.util.Comparator.comparing(Entry::name))
                        .toList());
    }
}
