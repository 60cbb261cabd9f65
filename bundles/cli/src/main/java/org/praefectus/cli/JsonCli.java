package org.praefectus.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.CommandLine;
import org.praefectus.api.cli.OwnedStdout;
import org.praefectus.api.text.CallerText;

/** Selects one {@link CliCommand}, runs it and writes its envelope. */
final class JsonCli implements CommandLine {

    /** The reference's refusal of {@code execute}: a same-user process cannot hold authority. */
    static final String EXECUTE_IS_LIBRARY_ONLY =
            "execute is library-only and requires a host-injected trusted AuthorityVerifier";

    private static final String EXECUTE = "execute";

    static final String USAGE = "usage: praefectus COMMAND [ARGUMENT...]; praefectus help lists the commands";

    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    private final Supplier<List<CliCommand>> commands;

    /** @param commands the commands available now, looked up again for every run */
    JsonCli(Supplier<List<CliCommand>> commands) {
        this.commands = commands;
    }

    @Override
    public int run(List<String> arguments, OutputStream out, PrintStream err) {
        Envelope envelope;
        int exitCode;
        try {
            Object data = dispatch(arguments);
            if (data == OwnedStdout.INSTANCE) {
                // the command spoke its own protocol on stdout (mcp): an envelope after it would corrupt it
                return EXIT_OK;
            }
            envelope = Envelope.success(data);
            exitCode = EXIT_OK;
        } catch (CliCommandException error) {
            envelope = Envelope.failure(error.code(), error.getMessage(), error.details());
            exitCode = error.exitCode();
        } catch (RuntimeException unexpected) {
            // the exception text may hold anything a backend saw: report the kind of failure only
            envelope = Envelope.failure("protocol_error", "protocol operation failed");
            exitCode = EXIT_PROTOCOL;
        }
        byte[] bytes;
        try {
            bytes = JSON.writeValueAsBytes(envelope);
        } catch (IOException unserializable) {
            bytes =
                    "{\"ok\":false,\"error\":{\"code\":\"serialization_error\",\"message\":\"failed to serialize CLI output\"}}"
                            .getBytes(StandardCharsets.UTF_8);
            exitCode = EXIT_PROTOCOL;
        }
        try {
            out.write(bytes);
            out.write('\n');
            out.flush();
            if (out instanceof PrintStream printStream && printStream.checkError()) {
                throw new IOException("standard output is closed");
            }
            return exitCode;
        } catch (IOException unwritable) {
            err.println("praefectus: cannot write the JSON envelope: " + unwritable.getMessage());
            err.flush();
            return EXIT_ENVELOPE_UNWRITABLE;
        }
    }

    private Object dispatch(List<String> arguments) throws CliCommandException {
        if (arguments.isEmpty()) {
            throw CliCommandException.usage(USAGE);
        }
        String name = arguments.get(0);
        if (name.equals("--help") || name.equals("-h")) {
            name = HelpCommand.NAME;
        }
        if (name.equals(EXECUTE)) {
            throw CliCommandException.usage(EXECUTE_IS_LIBRARY_ONLY);
        }
        Optional<CliCommand> found = find(name);
        if (found.isEmpty()) {
            // as the reference, options are read before the command: an unknown option is named first
            for (String argument : arguments.subList(1, arguments.size())) {
                if (argument.startsWith("-")) {
                    throw CliCommandException.usage("unknown option: " + CallerText.shown(argument));
                }
            }
            throw CliCommandException.usage("unknown command: " + CallerText.shown(name));
        }
        CliCommand command = found.get();
        if (CommandHelp.asked(arguments.subList(1, arguments.size()))) {
            return CommandHelp.of(command);
        }
        return command.run(List.copyOf(arguments.subList(1, arguments.size())));
    }

    private Optional<CliCommand> find(String name) {
        return commands.get().stream()
                .filter(command -> command.name().equals(name))
                .findFirst();
    }
}
