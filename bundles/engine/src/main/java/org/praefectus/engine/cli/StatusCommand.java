package org.praefectus.engine.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.osgi.service.component.annotations.Component;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.engine.execution.OperationEngine;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * {@code status [--ledger FILE] OPERATION_ID}: the durable terminal acknowledgement of an operation, or
 * {@code null} when it was never claimed. A claim without terminal is recovered as {@code outcome_unknown}
 * with the interrupted-outcome message and recorded, as the reference's {@code status} does. Usage errors
 * carry the reference's {@code main.rs} messages. The CLI never executes.
 */
@Component(service = CliCommand.class)
@Command(StatusCommand.NAME)
public final class StatusCommand implements CliCommand {

    /** The command word. */
    public static final String NAME = "status";

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
        Path ledgerPath = null;
        List<String> positional = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
            String argument = arguments.get(i);
            if (argument.equals("--ledger")) {
                if (ledgerPath != null) {
                    throw CliCommandException.usage("--ledger may only be specified once");
                }
                if (i + 1 >= arguments.size() || arguments.get(i + 1).startsWith("-")) {
                    throw CliCommandException.usage("--ledger requires a path");
                }
                ledgerPath = Path.of(arguments.get(++i));
            } else if (argument.startsWith("-")) {
                throw CliCommandException.usage("unknown option: " + argument);
            } else {
                positional.add(argument);
            }
        }
        if (positional.isEmpty()) {
            throw CliCommandException.usage("status requires an operation ID");
        }
        if (positional.size() > 1) {
            throw CliCommandException.usage("status accepts exactly one operation ID");
        }
        try (OperationLedger ledger =
                new OperationLedger(ledgerPath != null ? ledgerPath : OperationLedger.defaultPath())) {
            Optional<ActionAck> status = OperationEngine.status(ledger, positional.get(0));
            return status.map(ack -> ProtocolJson.encode(ack).toPlain()).orElse(null);
        } catch (EngineException e) {
            throw CliCommandException.failure("protocol_error", "protocol operation failed");
        }
    }
}
