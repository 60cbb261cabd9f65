package org.praefectus.fleet;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.osgi.service.cm.ConfigurationAdmin;
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

    /**
     * The longest wait for what the configuration names. ConfigAdmin hands configurations to DS and to Aries
     * RSA on their own threads, so in a fresh framework ({@code java -jar fleet.jar fleet}) the ledger and the
     * imported executors arrive shortly after the command line is up; in a running host they are there.
     */
    static final long ARRIVAL_BOUND_MS = 10_000;

    private final Map<Executor, Map<String, Object>> executors = new ConcurrentHashMap<>();

    /** Notified whenever an executor or a ledger arrives. */
    private final Object arrivals = new Object();

    private volatile FleetLedger ledger;

    @Reference(
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    private volatile ConfigurationAdmin configurationAdmin;

    @Reference(
            name = "ledger",
            cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void bindLedger(FleetLedger ledger) {
        this.ledger = ledger;
        arrived();
    }

    void unbindLedger(FleetLedger ledger) {
        // a greedy replacement binds the new ledger before it unbinds the old one
        if (this.ledger == ledger) {
            this.ledger = null;
        }
    }

    @Reference(
            service = Executor.class,
            cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addExecutor(Executor executor, Map<String, Object> properties) {
        executors.put(executor, Map.copyOf(properties));
        arrived();
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
        ConfigurationAdmin admin = configurationAdmin;
        return view(admin == null ? ConfiguredFleet.NONE : ConfiguredFleet.of(admin));
    }

    /** The view once what {@code configured} names has arrived, or at {@link #ARRIVAL_BOUND_MS} without it. */
    Map<String, Object> view(ConfiguredFleet configured) {
        awaitArrival(configured);
        List<FleetView.ExecutorEntry> entries = new ArrayList<>();
        executors.forEach((executor, properties) -> entries.add(new FleetView.ExecutorEntry(executor, properties)));
        return FleetView.of(entries, Optional.ofNullable(ledger), configured);
    }

    private void awaitArrival(ConfiguredFleet configured) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ARRIVAL_BOUND_MS);
        synchronized (arrivals) {
            while ((configured.ledger() && ledger == null)
                    || !configured.notImported(executors.values()).isEmpty()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return; // the view names what did not arrive
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(arrivals, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private void arrived() {
        synchronized (arrivals) {
            arrivals.notifyAll();
        }
    }
}
