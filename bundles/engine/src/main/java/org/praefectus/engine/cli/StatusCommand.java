package org.praefectus.engine.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.osgi.service.component.annotations.Component;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.engine.execution.OperationEngine;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * {@code status [--ledger FILE] OPERATION_ID}: the durable terminal acknowledgement of an operation, or
 * {@code null} when it was never claimed. A claim without terminal is recovered as {@code outcome_unknown}
 * with the interrupted-outcome message and recorded, as the reference's {@code status} does. Usage errors
 * carry the reference's {@code main.rs} messages and follow its rules: a word that starts with a dash is
 * {@code --ledger} or an unknown option, never the ledger's path nor the operation ID. The CLI never executes.
 */
@Component(service = CliCommand.class)
@Command(StatusCommand.NAME)
public final class StatusCommand implements CliCommand {

    /** The command word. */
    public static final String NAME = "status";

    /** The reference's {@code parse_arguments} wording: no command prefix, "specified once". */
    private static final Options.Refusals REFERENCE = new Options.Refusals() {
        @Override
        public String unknown(String option) {
            return "unknown option: " + option;
        }

        @Override
        public String missingValue(String option) {
            return option + " requires a path";
        }

        @Override
        public String unwantedValue(String option) {
            // status has no switches: a value given to one cannot happen
            return option + " takes no value";
        }

        @Override
        public String repeated(String option) {
            return option + " may only be specified once";
        }
    };

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "the durable terminal acknowledgement of an operation: status [--ledger FILE] OPERATION_ID";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        Options options = Options.grammar(NAME)
                .valued(Set.of("ledger"))
                .dashWordsAreOptions()
                .refusals(REFERENCE)
                .parse(arguments);
        String ledgerPath = options.value("ledger");
        List<String> positional = options.positional();
        if (positional.isEmpty()) {
            throw CliCommandException.usage("status requires an operation ID");
        }
        if (positional.size() > 1) {
            throw CliCommandException.usage("status accepts exactly one operation ID");
        }
        try (OperationLedger ledger =
                new OperationLedger(ledgerPath != null ? Path.of(ledgerPath) : OperationLedger.defaultPath())) {
            Optional<ActionAck> status = OperationEngine.status(ledger, positional.get(0));
            return status.map(ack -> ProtocolJson.encode(ack).toPlain()).orElse(null);
        } catch (EngineException e) {
            throw CliCommandException.failure("protocol_error", "protocol operation failed");
        }
    }
}
