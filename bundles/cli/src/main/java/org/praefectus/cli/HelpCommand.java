package org.praefectus.cli;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.function.Supplier;

/** Lists the commands. */
final class HelpCommand implements Command {

    static final String NAME = "help";

    record Help(@JsonProperty("usage") String usage, @JsonProperty("commands") List<Entry> commands) {}

    record Entry(@JsonProperty("name") String name, @JsonProperty("summary") String summary) {}

    private final Supplier<? extends Iterable<Command>> commands;

    HelpCommand(Supplier<? extends Iterable<Command>> commands) {
        this.commands = commands;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "list the commands (also --help)";
    }

    @Override
    public Object run(List<String> positional) throws CliError {
        if (!positional.isEmpty()) {
            throw CliError.usage("help does not accept positional arguments");
        }
        List<Entry> entries = new java.util.ArrayList<>();
        commands.get().forEach(command -> entries.add(new Entry(command.name(), command.summary())));
        return new Help(JsonCli.USAGE, entries);
    }
}
