package org.praefectus.engine.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.host.HostState;
import org.praefectus.api.protocol.ActionAck;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.engine.execution.EngineConfig;
import org.praefectus.engine.execution.OperationEngine;
import org.praefectus.engine.ledger.LedgerException;
import org.praefectus.engine.ledger.LedgerReader;
import org.praefectus.engine.ledger.OperationLedger;

/**
 * {@code status [--ledger FILE] OPERATION_ID}: the durable terminal acknowledgement of an operation, or
 * {@code null} when it was never claimed. Read-only (issue 40): the ledger is read by {@link LedgerReader}, which
 * never creates, truncates, repairs or chmods anything; a claim without terminal is answered as the {@code
 * outcome_unknown} the engine recovers, without recording it (the reference records it; an engine may still be
 * dispatching that operation). Without {@code --ledger} it reads the ledger the engine of this runtime is
 * configured with (the engine's PID, {@code ledger.path}: what the daemon sets, so a {@code status} routed to the
 * daemon reads the daemon's ledger); unconfigured, the engine's default ledger and then the daemon's default one
 * ({@code $XDG_STATE_HOME/praefectus/daemon/operations.jsonl}), the first that knows the operation. Usage errors
 * carry the reference's {@code main.rs} messages and follow its rules: a word that starts with a dash is {@code
 * --ledger} or an unknown option, never the ledger's path nor the operation ID. The CLI never executes.
 */
@Component(service = CliCommand.class, configurationPid = EngineConfig.PID)
@Command(StatusCommand.NAME)
public final class StatusCommand implements CliCommand {

    /** The command word. */
    public static final String NAME = "status";

    /** The daemon's default state folder under the state root and its ledger's name there (bundles/daemon). */
    private static final String DAEMON_LEDGER = "daemon/operations.jsonl";

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

    private final Path stateRoot;
    private volatile Path configuredLedger;

    /** The command on this process's state root. */
    public StatusCommand() {
        this(HostState.root());
    }

    /** The command on another state root (tests). */
    StatusCommand(Path stateRoot) {
        this.stateRoot = stateRoot;
    }

    /** Follows the engine's {@code ledger.path} (the same PID as the engine's component). */
    @Activate
    @Modified
    void configure(EngineConfig config) {
        String path = config.ledger_path();
        configuredLedger = path == null || path.isEmpty() ? null : Path.of(path);
    }

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
        String operationId = positional.get(0);
        if (!OperationEngine.isIdentifier(operationId)) {
            throw CliCommandException.failure("protocol_error", "protocol operation failed");
        }
        Path configured = ledgerPath != null ? Path.of(ledgerPath) : configuredLedger;
        try {
            Optional<ActionAck> status = configured != null
                    ? LedgerReader.status(configured, operationId, System.currentTimeMillis())
                    : fromDefaultLedgers(operationId);
            return status.map(ack -> ProtocolJson.encode(ack).toPlain()).orElse(null);
        } catch (LedgerException e) {
            throw CliCommandException.failure(code(e.reason()), e.getMessage());
        }
    }

    /** The first default ledger that knows the operation; a default ledger that does not exist knows nothing. */
    private Optional<ActionAck> fromDefaultLedgers(String operationId) throws LedgerException {
        for (Path ledger : List.of(OperationLedger.defaultPath(), stateRoot.resolve(DAEMON_LEDGER))) {
            try {
                Optional<ActionAck> status = LedgerReader.status(ledger, operationId, System.currentTimeMillis());
                if (status.isPresent()) {
                    return status;
                }
            } catch (LedgerException e) {
                if (e.reason() != LedgerException.Reason.MISSING) {
                    throw e;
                }
            }
        }
        return Optional.empty();
    }

    /** The envelope's error code of each reason a ledger cannot be read. */
    static String code(LedgerException.Reason reason) {
        return switch (reason) {
            case MISSING -> "ledger_not_found";
            case NOT_A_LEDGER -> "invalid_ledger";
            case CORRUPT -> "corrupt_ledger";
            case SYMLINK -> "ledger_symlink";
            case NOT_PRIVATE -> "ledger_not_private";
            case IO, CONFLICT -> "ledger_unreadable";
        };
    }
}
