package org.praefectus.fleet;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.executor.Executor;
import org.praefectus.ledger.jdbc.api.FleetLedger;

/**
 * {@code fleet}: the executors this engine host can dispatch to (local or imported), their desktop, session
 * isolation and health, and the shared ledger's state. In Gogo: {@code praefectus:cli fleet}.
 */
@Component(service = CliCommand.class)
@Command(FleetCommand.NAME)
public final class FleetCommand implements CliCommand {

    /** The command word. */
    public static final String NAME = "fleet";

    private final Map<Executor, Map<String, Object>> executors = new ConcurrentHashMap<>();

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile FleetLedger ledger;

    @Reference(
            service = Executor.class,
            cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addExecutor(Executor executor, Map<String, Object> properties) {
        executors.put(executor, Map.copyOf(properties));
    }

    void removeExecutor(Executor executor) {
        executors.remove(executor);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "the desktops and executors this host dispatches to, their isolation and health, and the shared ledger";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        if (!arguments.isEmpty()) {
            throw CliCommandException.usage("fleet takes no arguments");
        }
        List<FleetView.ExecutorEntry> entries = new ArrayList<>();
        executors.forEach((executor, properties) -> entries.add(new FleetView.ExecutorEntry(executor, properties)));
        return FleetView.of(entries, Optional.ofNullable(ledger));
    }
}
